import type { BaseCheckpointSaver, SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { cutText } from "../errors/bounded-detail.js";
import { thrownText } from "../errors/thrown-text.js";
import { revivableRecordPath, revivableRecordSteps } from "../langgraph/index.js";
import { canonicalJson } from "../payload/canonical-json.js";
import type { Screening } from "./types.js";

type AskScreening = Extract<Screening, { kind: "ask" }>;

/** Why the checkpoint would not give `args` back as written, or `undefined` when it would. */
async function unstorableReason(args: unknown, path: string, serde: SerializerProtocol): Promise<string | undefined> {
  const lead = `its arguments hold a LangChain serialization record at ${path}`;
  try {
    const [type, bytes] = await serde.dumpsTyped(args);
    const readBack: unknown = await serde.loadsTyped(type, bytes);
    if (canonicalJson(readBack) === canonicalJson(args)) return undefined;
    return `${lead}, which a checkpoint gives back as another value: the reviewer would be shown, and the tool would run with, something other than what the model sent`;
  } catch (error) {
    return `${lead}, which a checkpoint cannot read back (${cutText(thrownText(error), 200)})`;
  }
}

async function refusedIfUnstorable(screening: AskScreening, serde: SerializerProtocol): Promise<Screening> {
  const reason = await unstorableReason(screening.args, revivableRecordPath(screening.args) ?? "args", serde);
  if (reason === undefined) return screening;
  return { kind: "malformed", call: screening.call, source: "unreviewable", reason, notes: screening.notes };
}

/**
 * Answers as `unreviewable` every `ask` whose arguments the thread's checkpoint would not give
 * back as written — an object shaped like one of LangChain's own serialization records (see
 * `revivableRecordPath`), which LangGraph's reader revives as another value or fails to read.
 * The approval raised on this pass would show the arguments as sent, but the stored one, and
 * what runs after the pause, would be what the checkpoint gives back; so such a call is never
 * put to a reviewer, and never runs. Other screenings, and asks with no such object (checked
 * without a round trip), are returned as they are.
 *
 * @param screenings - The batch's screenings, in the model's order.
 * @param checkpointer - The task's checkpointer; its serializer decides (LangGraph's default without one).
 * @returns The screenings, each unstorable ask replaced by an `unreviewable` refusal.
 * @example
 * ```ts
 * const screenings = await refuseUnstorableAsks(await screenBatch(calls, context), task.checkpointer);
 * ```
 */
export async function refuseUnstorableAsks(screenings: readonly Screening[], checkpointer: BaseCheckpointSaver | undefined): Promise<readonly Screening[]> {
  const suspect = (screening: Screening): screening is AskScreening => screening.kind === "ask" && revivableRecordSteps(screening.args) !== undefined;
  if (!screenings.some(suspect)) return screenings;
  const serde = checkpointer?.serde ?? new JsonPlusSerializer();
  return Promise.all(screenings.map((screening) => (suspect(screening) ? refusedIfUnstorable(screening, serde) : screening)));
}
