/** The most names a message lists. */
const MAX_NAMES = 10;
/** The most characters of one name a message repeats. */
const MAX_NAME_LENGTH = 100;

/**
 * Names a message lists (unknown fields, keys a value should not have), bounded: the first ten,
 * each cut at 100 characters, then how many more. The names come from what a client sent — a
 * body with 50 000 unknown fields had drawn a 1.4 MB answer — and a message that names them may
 * be re-raised into a checkpoint.
 *
 * @param names - The names, in the order to list them.
 * @param quote - How one name is written (default: between backticks).
 * @returns The names, joined by commas; past ten, followed by "and N more".
 * @example
 * ```ts
 * nameList(["a", "b"]); // "`a`, `b`"
 * nameList(Array.from({ length: 12 }, (_, i) => `k${i}`)); // "`k0`, `k1`, `k2`, `k3`, `k4`, `k5`, `k6`, `k7`, `k8`, `k9` and 2 more"
 * ```
 */
export function nameList(names: readonly string[], quote: (name: string) => string = (name) => `\`${name}\``): string {
  const listed = names.slice(0, MAX_NAMES).map((name) => quote(name.length <= MAX_NAME_LENGTH ? name : `${name.slice(0, MAX_NAME_LENGTH)}…`));
  const more = names.length - listed.length;
  return more > 0 ? `${listed.join(", ")} and ${more} more` : listed.join(", ");
}
