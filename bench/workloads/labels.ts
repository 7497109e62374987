/**
 * The `case` label of a batch size: "1 call", "10 calls".
 *
 * @example
 * ```ts
 * callsLabel(10); // "10 calls"
 * ```
 */
export function callsLabel(calls: number): string {
  return `${calls} call${calls === 1 ? "" : "s"}`;
}
