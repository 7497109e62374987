/**
 * The demos' terminal: who decides (whoever writes to stdin — a person at the keyboard or a
 * script piping answers in — or, only when told to, the demo itself), the prompts, and a clean
 * stop on Ctrl-C / Ctrl-D or at the end of piped input. Unknown answers are asked again;
 * nothing is ever taken as an approval by default.
 */
import type { AskUserQuestionInterruptPayload, ToolApprovalDecision, ToolApprovalDecisionType, ToolApprovalInterruptPayload, ToolApprovalRequest } from "../../src/index.js";
import { InputEnded, LineReader, PromptCancelled } from "./line-reader.js";

export { InputEnded, PromptCancelled };

/** The flag that lets a demo decide by itself (`npm run demo -- --yes`). */
export const DECIDE_BY_ITSELF_FLAG = "--yes";

/**
 * Why the demo decides by itself, or `undefined` when it reads the answers from stdin: only when
 * told to, by `CI` set to anything but `""`, `0` or `false`, or by `--yes`. Without a terminal
 * it still reads stdin (piped answers count as typed ones).
 */
export function automaticReason(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): string | undefined {
  const ci = env["CI"];
  if (ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false") return `CI=${ci}`;
  if (argv.includes(DECIDE_BY_ITSELF_FLAG)) return DECIDE_BY_ITSELF_FLAG;
  return undefined;
}

let session: LineReader | undefined;

/**
 * Asks one question and resolves with the answer, trimmed. Rejects with {@link PromptCancelled}
 * on Ctrl-C or Ctrl-D at a terminal, and with {@link InputEnded} when piped input ends — unless
 * `onEnd` is given (an optional answer): then the end of the input answers it.
 */
export function ask(question: string, onEnd?: string): Promise<string> {
  session ??= new LineReader();
  return session.ask(question, onEnd);
}

/** A parsed answer, or what to tell the person before asking again. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; retry: string };

/** Asks until `parse` accepts the answer, saying why each refused answer was refused. */
export async function askUntil<T>(question: string, parse: (answer: string) => Parsed<T>): Promise<T> {
  for (;;) {
    const parsed = parse(await ask(question));
    if (parsed.ok) return parsed.value;
    console.log(`  ${parsed.retry}`);
  }
}

const CHOICES: Record<ToolApprovalDecisionType, { key: string; label: string }> = {
  approve: { key: "a", label: "[a]pprove" },
  reject: { key: "r", label: "[r]eject" },
  edit: { key: "e", label: "[e]dit" },
  respond: { key: "s", label: "re[s]pond" },
};

/** The choice menu for the decisions a call allows, e.g. `[a]pprove, [r]eject?`. */
export function choiceMenu(allowed: readonly ToolApprovalDecisionType[]): string {
  return `${inMenuOrder(allowed).map((type) => CHOICES[type].label).join(", ")}? `;
}

function inMenuOrder(allowed: readonly ToolApprovalDecisionType[]): ToolApprovalDecisionType[] {
  return (Object.keys(CHOICES) as ToolApprovalDecisionType[]).filter((type) => allowed.includes(type));
}

/** Reads a decision type: its letter or its whole word, among the allowed ones only. */
export function parseChoice(answer: string, allowed: readonly ToolApprovalDecisionType[]): Parsed<ToolApprovalDecisionType> {
  const typed = answer.trim().toLowerCase();
  const match = allowed.find((type) => typed === type || typed === CHOICES[type].key);
  if (match !== undefined) return { ok: true, value: match };
  const keys = inMenuOrder(allowed).map((type) => `${CHOICES[type].key} (${type})`).join(", ");
  return { ok: false, retry: `${typed === "" ? "Nothing typed" : `"${answer.trim()}" is not a choice`}; type one of ${keys}.` };
}

/** Reads edited arguments: a JSON object, nothing else. */
export function parseArguments(answer: string): Parsed<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch (error) {
    return { ok: false, retry: `That is not valid JSON (${(error as Error).message}); type the arguments as one JSON object.` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, retry: "The arguments must be a JSON object, like {\"path\": \"/tmp/x\"}." };
  return { ok: true, value: value as Record<string, unknown> };
}

const notEmpty = (what: string) => (answer: string): Parsed<string> => (answer === "" ? { ok: false, retry: `Type ${what}.` } : { ok: true, value: answer });

/** Asks the person for one call's decision, offering only what the call allows. */
async function askDecision(request: ToolApprovalRequest, allowed: readonly ToolApprovalDecisionType[]): Promise<ToolApprovalDecision> {
  const type = await askUntil(`\n${request.name}: ${choiceMenu(allowed)}`, (answer) => parseChoice(answer, allowed));
  switch (type) {
    case "approve":
      return { type };
    case "reject":
      return { type, reason: (await ask("reason (optional): ", "")) || "rejected in the demo" };
    case "edit":
      return { type, updatedInput: await askUntil(`new arguments as JSON, was ${JSON.stringify(request.arguments)}: `, parseArguments) };
    case "respond":
      return { type, responseText: await askUntil("what should the model see instead? ", notEmpty("the text the model should see")) };
  }
}

/**
 * One decision per pending call, read from stdin; "approve" for every call only when the demo
 * was told to decide by itself (`CI=true`, `--yes`) — and then it says so.
 */
export async function decideApprovals(payload: ToolApprovalInterruptPayload): Promise<ToolApprovalDecision[]> {
  const reason = automaticReason();
  if (reason !== undefined) {
    console.log(`\n(${reason}: not asking; approving every call by itself)`);
    return payload.action_requests.map(() => ({ type: "approve" }));
  }
  const decisions: ToolApprovalDecision[] = [];
  for (const request of payload.action_requests) {
    const allowed = payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.allowed_decisions ?? ["approve", "reject"];
    decisions.push(await askDecision(request, allowed));
  }
  return decisions;
}

/** Reads an answer to a question: an option's number, or free text where the question allows it. */
export function parseAnswer(answer: string, request: AskUserQuestionInterruptPayload["question"]): Parsed<string> {
  const options = request.options ?? [];
  const numbered = /^\d+$/.test(answer) && options.length > 0;
  const picked = numbered ? options[Number(answer) - 1] : options.find((option) => option.value === answer);
  if (picked !== undefined) return { ok: true, value: picked.value };
  const range = `a number from 1 to ${options.length}`;
  if (numbered || (options.length > 0 && request.allowFreeText === false)) return { ok: false, retry: `Type ${range}${request.allowFreeText === false ? "" : ", or an answer in words"}.` };
  return answer === "" ? { ok: false, retry: "Type an answer." } : { ok: true, value: answer };
}

/** The answer to a single-select question: asked of the person, or the first option when the demo decides by itself. */
export async function answerQuestion(payload: AskUserQuestionInterruptPayload): Promise<{ answer: string }> {
  const request = payload.question;
  const reason = automaticReason();
  if (reason !== undefined) {
    const answer = request.options?.[0]?.value ?? "yes";
    console.log(`\n(${reason}: not asking; answering "${answer}" by itself)`);
    return { answer };
  }
  return { answer: await askUntil("your answer (number or text): ", (answer) => parseAnswer(answer, request)) };
}

/** What the demo says when piped input ends before a required answer. */
export const INPUT_ENDED_MESSAGE =
  `no answer: the input ended before a decision, so nothing was approved and nothing ran (pipe the answers in, or let the demo decide by itself with CI=true or ${DECIDE_BY_ITSELF_FLAG})`;

/**
 * Runs a demo's `main`: Ctrl-C / Ctrl-D at a prompt ends it with "cancelled, nothing ran"
 * (no decision was sent, so no pending tool ran) and exit code 0, as cancelling is the
 * person's choice, not a failure. Piped input that ends before a required answer ends it with
 * {@link INPUT_ENDED_MESSAGE} and exit code 1: the script that fed it did not say what to do.
 * Other errors are printed and exit non-zero.
 */
export function runDemo(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      if (error instanceof PromptCancelled) {
        console.log("\ncancelled, nothing ran");
        return;
      }
      if (error instanceof InputEnded) {
        console.log(`\n${INPUT_ENDED_MESSAGE}`);
        process.exitCode = 1;
        return;
      }
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => {
      session?.close();
      session = undefined;
    });
}
