import { HITLError } from "../errors/hitl-error.js";

/**
 * Checks `interruptOn` against the tools the agent hands its model. The middleware never sees
 * the agent's tools when it is built, so the first model call is the earliest moment; a key
 * that names no tool is refused then, because a typo would leave a dangerous tool unguarded.
 *
 * @param interruptOn - The names `interruptOn` configures.
 * @param tools - The tools of the model request.
 * @throws {HITLError} `INVALID_OPTIONS`, one detail per unknown name, with the tools as `allowed`.
 * @example
 * ```ts
 * checkToolNames(["delete_file"], request.tools);
 * ```
 */
export function checkToolNames(interruptOn: Iterable<string>, tools: ReadonlyArray<unknown>): void {
  const names = tools.flatMap((tool) => {
    const name = (tool as { name?: unknown } | null)?.name;
    return typeof name === "string" ? [name] : [];
  });
  const unknown = [...interruptOn].filter((name) => !names.includes(name));
  if (unknown.length === 0) return;
  const details = unknown.map((name) => ({ path: ["interruptOn", name], message: `no tool named "${name}" is given to this agent`, received: name, allowed: names }));
  throw new HITLError("INVALID_OPTIONS", `Invalid approvalMiddleware options: \`interruptOn.${unknown[0]}\`: no tool named "${unknown[0]}" is given to this agent`, { details });
}
