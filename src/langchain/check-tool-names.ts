import { editDistance } from "../core/options.js";
import { HITLError } from "../errors/hitl-error.js";

/** Lower case, without `_`, `-` and spaces: `delete_file`, `deleteFile` and `Delete-File` read alike. */
function folded(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, "");
}

/**
 * Whether `key` looks like a misspelling of `name`: the same once case and separators are
 * ignored, or at most 2 edits apart (1 for names of 4 letters or fewer, where 2 edits make
 * another word).
 */
function isNearMiss(key: string, name: string): boolean {
  if (key === name) return false;
  const [a, b] = [folded(key), folded(name)];
  if (a === b) return true;
  return editDistance(a, b) <= (Math.min(a.length, b.length) <= 4 ? 1 : 2);
}

function namesOf(tools: ReadonlyArray<unknown>): string[] {
  return tools.flatMap((tool) => {
    const name = (tool as { name?: unknown } | null)?.name;
    return typeof name === "string" ? [name] : [];
  });
}

/**
 * Checks `interruptOn` against the tools the agent offers its model. A middleware never sees
 * the agent's registered tools: LangChain hands it each model call's tools, after any outer
 * middleware filtered them (`llmToolSelectorMiddleware`, the dynamic-tools pattern), and a
 * middleware cannot see the rest. So a key the call does not offer is not an error — its tool
 * may simply be left out this turn — unless it is a near miss of a tool the call does offer:
 * a typo would leave that tool unguarded, so it is refused before any tool runs. A key once seen
 * among the offered tools is confirmed and never checked again.
 *
 * @example
 * ```ts
 * const check = new ToolNameCheck(["delete_file"]);
 * check.offered(request.tools); // throws INVALID_OPTIONS for `delte_file`-like keys
 * ```
 */
export class ToolNameCheck {
  readonly #unconfirmed: Set<string>;

  constructor(keys: Iterable<string>) {
    this.#unconfirmed = new Set(keys);
  }

  /**
   * Checks the keys against the tools of one model call.
   *
   * @throws {HITLError} `INVALID_OPTIONS`, one detail per near miss, with the offered tools as `allowed`.
   */
  offered(tools: ReadonlyArray<unknown>): void {
    if (this.#unconfirmed.size === 0) return;
    const names = namesOf(tools);
    for (const name of names) this.#unconfirmed.delete(name);
    this.#refuseNearMisses(names, "is given to this agent");
  }

  /**
   * Checks the keys against a tool that is about to run (the model may call a registered tool it
   * was not offered on this turn).
   *
   * @throws {HITLError} `INVALID_OPTIONS` when a key not yet confirmed is a near miss of `name`.
   */
  called(name: string): void {
    if (this.#unconfirmed.size === 0) return;
    this.#unconfirmed.delete(name);
    this.#refuseNearMisses([name], "is called");
  }

  #refuseNearMisses(names: readonly string[], seen: string): void {
    const misses = [...this.#unconfirmed].flatMap((key) => {
      const meant = names.find((name) => isNearMiss(key, name));
      return meant === undefined ? [] : [{ key, meant }];
    });
    if (misses.length === 0) return;
    const details = misses.map(({ key, meant }) => ({
      path: ["interruptOn", key],
      message: `no tool named "${key}" ${seen}, but "${meant}" ${seen}: did you mean \`${meant}\`?`,
      received: key,
      allowed: names.slice(),
    }));
    const [first] = misses;
    throw new HITLError(
      "INVALID_OPTIONS",
      `Invalid approvalMiddleware options: \`interruptOn.${first!.key}\`: no tool named "${first!.key}" ${seen}, but "${first!.meant}" ${seen}: did you mean \`${first!.meant}\`? ` +
        "(A key naming a tool that another middleware left out of this model call is accepted; a near miss of a tool that is there is refused, because a typo would leave that tool unguarded.)",
      { details },
    );
  }
}
