import type { ToolCall } from "@langchain/core/messages/tool";
import type { ToolLookup } from "../decisions/validate-decisions.js";
import type { HookRegistry } from "../hooks/hook-registry.js";
import { runPreToolUse, type ScreenedVerdict } from "../hooks/pre-tool-use.js";
import type { RunCancellation } from "../hooks/run-signal.js";
import { toolFacts } from "../hooks/tool-facts.js";
import type { HookErrorHandler } from "../hooks/types.js";
import { canonicalJson } from "../payload/canonical-json.js";
import type { AskUserQuestionRequest, ToolInput } from "../payload/types.js";
import { withoutUnkeyableKeys } from "../payload/unkeyable-keys.js";
import { questionSchema, type OptionLimits } from "../questions/question-schema.js";
import type { ResolvedNodeOptions } from "./types.js";
import type { Screening, ScreeningNotes } from "./types.js";
import { callKey, duplicateCallIds, hasDuplicateId, unstorableIdReason } from "./call-identity.js";
import { describeCall, shouldAsk, type CallContextSource } from "./interrupt-on.js";
import { checkToolInput } from "./tool-input.js";

/** Everything screening needs besides the call. */
export interface ScreeningContext {
  toolNames: ReadonlySet<string>;
  /** Finds a tool by name, for the schema a call's arguments must fit. */
  findTool: ToolLookup;
  /** Tools built by `createAskUserQuestionTool`, with their option limits. */
  questionTools: ReadonlyMap<string, OptionLimits>;
  interruptOn: ResolvedNodeOptions["interruptOn"];
  hooks: HookRegistry | undefined;
  threadId: string | undefined;
  runSignal: RunCancellation | undefined;
  onHookError: HookErrorHandler;
  /** The state and runtime `interruptOn`'s `when` and `description` functions see. */
  callContext?: CallContextSource | undefined;
}

/**
 * What `interruptOn` says before any hook: ask (with its settings) when the tool is declared
 * and its `when` does not opt the call out; else allow. A `when` that opts out leaves the call
 * to the hooks, which may still ask. Answers at once unless `interruptOn` configured a function
 * for the tool (a plain entry costs no turn of the event loop).
 */
function startingVerdict(call: ToolCall, input: ToolInput, context: ScreeningContext): ScreenedVerdict | Promise<ScreenedVerdict> {
  const declared = context.interruptOn.get(call.name);
  if (declared === undefined) return allowVerdict(input);
  if (declared.when === undefined && typeof declared.description !== "function") return askVerdict(input, declared, declared.description);
  return judgedVerdict(call, input, declared, context);
}

type DeclaredEntry = NonNullable<ReturnType<ScreeningContext["interruptOn"]["get"]>>;

async function judgedVerdict(call: ToolCall, input: ToolInput, declared: DeclaredEntry, context: ScreeningContext): Promise<ScreenedVerdict> {
  const scope = { callContext: context.callContext, runSignal: context.runSignal, onHookError: context.onHookError };
  if (declared.when !== undefined && !(await shouldAsk(call, declared, scope))) return allowVerdict(input);
  const description = typeof declared.description === "function" ? await describeCall(call, declared, scope) : declared.description;
  return askVerdict(input, declared, description);
}

function allowVerdict(input: ToolInput): ScreenedVerdict {
  return { decision: "allow", input, additionalContext: [] };
}

function askVerdict(input: ToolInput, declared: DeclaredEntry, description: string | undefined): ScreenedVerdict {
  return {
    decision: "ask",
    input,
    additionalContext: [],
    allowedDecisions: [...declared.allowedDecisions],
    ...(description === undefined ? {} : { description }),
    ...(declared.expiresInMs === undefined ? {} : { expiresInMs: declared.expiresInMs }),
  };
}

function notesOf(verdict: ScreenedVerdict): ScreeningNotes {
  return {
    additionalContext: verdict.additionalContext,
    ...(verdict.halt === undefined ? {} : { halt: verdict.halt }),
    ...(verdict.cancel === undefined ? {} : { cancel: verdict.cancel }),
    ...(verdict.shadow === undefined ? {} : { shadow: verdict.shadow }),
  };
}

function request(call: ToolCall, args: ToolInput, context: ScreeningContext, reviewed: boolean) {
  return {
    toolName: call.name,
    toolInput: args,
    toolCallId: call.id ?? "",
    threadId: context.threadId,
    runSignal: context.runSignal,
    onHookError: context.onHookError,
    reviewed,
    facts: toolFacts(context.findTool(call.name)),
  };
}

function malformed(call: ToolCall, source: Extract<Screening, { kind: "malformed" }>["source"], reason: string): Screening {
  return { kind: "malformed", call, source, reason, notes: { additionalContext: [] } };
}

/**
 * Screens one call through `interruptOn` and the PreToolUse hooks, with its arguments exactly
 * as the model sent them. A call whose arguments are not an object or a string, or not a valid
 * input of its tool, is not screened: it is answered with the schema's error and never runs.
 * Calls to tools the node does not have are not screened either: they cannot run, and
 * `ToolNode` answers them with its own "not found" error. Each step answers at once when it
 * can (a plain schema, a plain `interruptOn` entry, synchronous hooks), so a batch whose steps
 * all do is screened without a turn of the event loop per call.
 */
function screenCall(call: ToolCall, context: ScreeningContext): Screening | Promise<Screening> {
  const known = context.toolNames.has(call.name);
  const checked = checkToolInput(known ? context.findTool(call.name) : undefined, call.args as unknown);
  return checked instanceof Promise ? checked.then((check) => screenChecked(call, check, known, context)) : screenChecked(call, checked, known, context);
}

function screenChecked(call: ToolCall, checked: Awaited<ReturnType<typeof checkToolInput>>, known: boolean, context: ScreeningContext): Screening | Promise<Screening> {
  if (!checked.ok) return malformed(call, "invalid_arguments", checked.reason);
  if (!known) return { kind: "unknown_tool", call, notes: { additionalContext: [] } };
  const start = startingVerdict(call, checked.input, context);
  return start instanceof Promise ? start.then((verdict) => screenWithHooks(call, checked.input, verdict, context)) : screenWithHooks(call, checked.input, start, context);
}

function screenWithHooks(call: ToolCall, input: ToolInput, start: ScreenedVerdict, context: ScreeningContext): Screening | Promise<Screening> {
  const { hooks } = context;
  if (hooks === undefined || (hooks.hooksFor("PreToolUse", call.name).length === 0 && hooks.shadowHooksFor(call.name).length === 0)) return fromVerdict(call, start, context);
  const verdict = runPreToolUse(hooks, request(call, input, context, false), start);
  return verdict instanceof Promise ? verdict.then((settled) => fromVerdict(call, settled, context)) : fromVerdict(call, verdict, context);
}

/** One call's screening, a throw included, as a value or a promise `Promise.all` will handle. */
function screenSafely(call: ToolCall, context: ScreeningContext): Screening | Promise<Screening> {
  try {
    return screenCall(call, context);
  } catch (error) {
    // Rejected, not thrown: the batch's other calls are still screened, and every rejection is handled.
    return Promise.reject(error);
  }
}

/**
 * Screens a whole batch, one screening per call in the model's order. Calls that share a
 * `tool_call_id` cannot be told apart by a decision, a claim or a result, so none of them is
 * screened, reviewed or run: each is `malformed` (`duplicate_tool_call_id`) and answered with
 * its own error; the other calls of the batch are screened as usual.
 *
 * @param calls - The batch, in the model's order.
 * @param context - What screening needs besides the calls.
 * @returns One screening per call, in the same order.
 * @example
 * ```ts
 * const screenings = await screenBatch(calls, screeningContext(env));
 * screenings.map((screening) => screening.kind); // ["malformed", "malformed", "ask"]
 * ```
 */
export async function screenBatch(calls: readonly ToolCall[], context: ScreeningContext): Promise<Screening[]> {
  const duplicates = duplicateCallIds(calls);
  const screenings = calls.map((call) => {
    const unstorable = unstorableIdReason(call);
    if (unstorable !== undefined) return malformed(call, "invalid_tool_call_id", unstorable);
    if (!hasDuplicateId(call, duplicates)) return screenSafely(call, context);
    const reason = callKey(call) === "" ? "this call has no tool_call_id, and neither has another call of this turn" : `tool_call_id "${callKey(call)}" names more than one call of this turn`;
    return malformed(call, "duplicate_tool_call_id", reason);
  });
  return screenings.some((screening) => screening instanceof Promise) ? Promise.all(screenings) : (screenings as Screening[]);
}

function fromVerdict(call: ToolCall, verdict: ScreenedVerdict, context: ScreeningContext): Screening {
  const notes = notesOf(verdict);
  const limits = context.questionTools.get(call.name);
  if (limits !== undefined && (verdict.decision === "allow" || verdict.decision === "ask")) {
    return asQuestion(call, verdict.input, limits, notes);
  }
  switch (verdict.decision) {
    case "allow":
      return { kind: "allow", call, args: verdict.input, notes };
    case "deny":
      return { kind: "deny", call, args: verdict.input, reason: verdict.reason ?? "denied by policy", failed: verdict.failure !== undefined, notes };
    case "skip":
      return { kind: "skip", call, args: verdict.input, reason: verdict.reason ?? "skipped by policy", notes };
    case "ask": {
      const description = verdict.description ?? verdict.reason;
      const argsSchema = context.interruptOn.get(call.name)?.argsSchema;
      return {
        kind: "ask",
        call,
        // What a checkpoint keeps of the arguments: the reviewer is shown what runs after the pause.
        args: withoutUnkeyableKeys(verdict.input),
        allowedDecisions: verdict.allowedDecisions ?? ["approve", "edit", "reject", "respond"],
        notes,
        ...(description === undefined ? {} : { description }),
        ...(verdict.expiresInMs === undefined ? {} : { expiresInMs: verdict.expiresInMs }),
        ...(argsSchema === undefined ? {} : { argsSchema }),
      };
    }
  }
}

/**
 * A call to the question tool asks the person directly; asking them first whether the
 * question may be asked would be redundant, so `ask` counts as `allow` here. Arguments that
 * do not fit the tool's schema are left to the tool, which answers with its schema error.
 */
function asQuestion(call: ToolCall, args: ToolInput, limits: OptionLimits, notes: ScreeningNotes): Screening {
  const parsed = questionSchema(limits).safeParse(args);
  if (!parsed.success) return { kind: "allow", call, args, notes };
  const question = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as unknown as AskUserQuestionRequest;
  return { kind: "question", call, args, question, notes };
}

/**
 * Screens arguments a reviewer wrote. `ask` is moot (the reviewer decided); a `deny` or
 * `skip`, a failing hook, or a hook that rewrites the reviewer's arguments blocks the call.
 *
 * @returns `undefined` when the edit may run, else why it may not.
 */
export async function screenEdit(
  call: ToolCall,
  args: ToolInput,
  context: ScreeningContext,
): Promise<{ reason: string; failed: boolean } | undefined> {
  const verdict = await runPreToolUse(context.hooks, request(call, args, context, true), { decision: "allow", input: args, additionalContext: [] });
  if (verdict.decision === "deny" || verdict.decision === "skip") {
    return { reason: verdict.reason ?? "denied by policy", failed: verdict.failure !== undefined };
  }
  if (verdict.input !== args && canonicalJson(verdict.input) !== canonicalJson(args)) {
    return { reason: "a policy hook rewrote the arguments the reviewer approved", failed: false };
  }
  return undefined;
}
