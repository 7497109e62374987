import { boundReceived } from "../errors/bounded-value.js";
import { problem, type Problem } from "./problem.js";

/** A thread id read from a URL path, or the 400 that refuses it. */
type ThreadIdResult = { ok: true; threadId: string } | { ok: false; problem: Problem };

function refuse(message: string, raw: string): ThreadIdResult {
  return { ok: false, problem: problem("INVALID_REQUEST", `Invalid thread id in the path: ${message}.`, [{ path: ["threadId"], message, received: boundReceived(raw) }]) };
}

/**
 * Decodes the `:threadId` segment of a route. Malformed percent-encoding (`%E0%A4%A`, a lone
 * `%`) and the NUL character — which no checkpointer can store or look up — are the client's
 * mistake: a 400, never a 500 or a raw database error.
 *
 * @param raw - The path segment as it arrived (still percent-encoded).
 * @returns The decoded thread id, or the problem to answer with.
 * @example
 * ```ts
 * const parsed = decodeThreadId("support%2F42"); // { ok: true, threadId: "support/42" }
 * ```
 */
export function decodeThreadId(raw: string): ThreadIdResult {
  let threadId: string;
  try {
    threadId = decodeURIComponent(raw);
  } catch {
    return refuse("it is not valid percent-encoding", raw);
  }
  if (threadId.includes("\u0000")) return refuse("it contains the NUL character (%00)", raw);
  return { ok: true, threadId };
}
