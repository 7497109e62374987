import { validateToolArguments, type ToolLike } from "../decisions/tool-arguments.js";
import { capDetails } from "../errors/capped-details.js";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { toolSchemaInput } from "../langgraph/index.js";
import type { ToolInput } from "../payload/types.js";
import { isToolInput } from "../payload/guards.js";

/** Whether a call's arguments can be reviewed as they are, and why not when they cannot. */
type ToolInputCheck = { ok: true; input: ToolInput } | { ok: false; reason: string };

function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/**
 * Checks a call's arguments, as the model sent them, before anything screens them: they must
 * be an object or a string (what hooks, reviewers and the stored payload can carry unchanged),
 * and — when the tool is known and has a schema — a valid input of that tool, judged the way
 * the tool judges its input before its body runs (a string tool's schema sees `{ input }`). A
 * call that fails is never shown to a hook or a person: it is answered with this reason, and
 * the tool does not run. Answers at once unless the tool's schema is asynchronous.
 *
 * @param tool - The tool the call names (`undefined` when the batch does not know it).
 * @param args - `call.args`, untouched.
 * @returns The input to screen (the very value sent), or why it cannot be.
 * @example
 * ```ts
 * await checkToolInput(shell, "rm -rf /tmp/x"); // { ok: true, input: "rm -rf /tmp/x" } for a z.string() tool
 * await checkToolInput(deleteFile, 42); // { ok: false, reason: "arguments: Invalid input: expected object, received number" }
 * ```
 */
export function checkToolInput(tool: ToolLike | undefined, args: unknown): ToolInputCheck | Promise<ToolInputCheck> {
  const judge = (problems: readonly HITLErrorDetail[]): ToolInputCheck => {
    // Bounded as a HITLError's details are: the reason goes back to the model as the call's ToolMessage.
    if (problems.length > 0) return { ok: false, reason: capDetails(problems).map((problem) => problem.message).join("; ") };
    if (!isToolInput(args)) return { ok: false, reason: `the arguments are ${describe(args)}, not an object or a string` };
    return { ok: true, input: args };
  };
  if (tool === undefined) return judge([]);
  const problems = validateToolArguments(tool, toolSchemaInput(tool, args), undefined, []);
  return problems instanceof Promise ? problems.then(judge) : judge(problems);
}
