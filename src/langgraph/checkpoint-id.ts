// LangGraph names each checkpoint with a UUID v6 (`uuid6` of @langchain/langgraph-checkpoint): its
// first 60 bits are the time it was made, most significant first, so ids written later sort later
// as strings and the time can be read back. Nothing in LangGraph's API promises either; the
// contract tests in tests/langgraph/checkpoint-id.test.ts fail if a release changes the format.

/** Milliseconds between the Gregorian epoch (where UUID v6 time starts) and the Unix epoch. */
const GREGORIAN_OFFSET_MS = 12_219_292_800_000;

/**
 * When a checkpoint was made, read from the UUID v6 time in its id.
 *
 * @param checkpointId - A checkpoint id as LangGraph wrote it.
 * @returns Milliseconds since the Unix epoch, or `undefined` for an id that is not a UUID v6.
 * @example
 * ```ts
 * checkpointTimeMs(uuid6(-1)); // ≈ Date.now()
 * ```
 */
export function checkpointTimeMs(checkpointId: string | undefined): number | undefined {
  const hex = checkpointId?.replace(/-/g, "");
  if (hex === undefined || !/^[0-9a-f]{32}$/i.test(hex) || hex[12] !== "6") return undefined;
  // The 60-bit count of 100 ns intervals is high * 2^28 + low; divided by 10 000 (to ms) in parts
  // that stay below 2^53, so the result is exact without BigInt.
  const high = Number.parseInt(hex.slice(0, 8), 16);
  const low = Number.parseInt(hex.slice(8, 12), 16) * 4096 + Number.parseInt(hex.slice(13, 16), 16);
  const wholes = Math.floor(high / 10_000);
  const rest = high - wholes * 10_000;
  return wholes * 2 ** 28 + Math.floor((rest * 2 ** 28 + low) / 10_000) - GREGORIAN_OFFSET_MS;
}

/**
 * Whether checkpoint `a` was written after checkpoint `b` of the same thread: LangGraph's ids
 * are time-ordered, so their string order is their order in the thread's history.
 *
 * @example
 * ```ts
 * if (isLaterCheckpoint(latest.checkpoint.id, paused.checkpointId)) console.log("the thread moved on");
 * ```
 */
export function isLaterCheckpoint(a: string, b: string): boolean {
  return a > b;
}
