import type { HITLErrorDetail } from "./hitl-error-detail.js";

/** The most details listed for one tool call (or for the value as a whole). */
const MAX_DETAILS_PER_CALL = 20;
/** The most details listed in all. */
const MAX_DETAILS = 200;

/**
 * At most {@link MAX_DETAILS_PER_CALL} details per tool call and {@link MAX_DETAILS} in all, in
 * their order, then one detail per call that had more, and one for the calls left out altogether,
 * saying how many were not listed (`unlisted`); capping capped details changes nothing. A forged
 * resume value with 60 000 wrong items drew 120 000 details: a 19 MB interrupt re-raised into the
 * checkpoint (from 240 KB sent), 3.5 s to write, 6.3 s for every later read of the thread. The
 * first problems of each call say what is wrong; the count says how much.
 *
 * @param details - Every problem found, in the order to report them.
 * @returns The same array when it is within the bounds; otherwise the listed details and the counts.
 * @example
 * ```ts
 * capDetails(Array.from({ length: 25 }, (_, i) => ({ toolCallId: "c1", message: `item ${i}` }))).at(-1);
 * // { toolCallId: "c1", message: "5 more problems with this call are not listed", unlisted: 5 }
 * ```
 */
export function capDetails(details: readonly HITLErrorDetail[]): readonly HITLErrorDetail[] {
  if (details.length <= MAX_DETAILS_PER_CALL) return details;
  const listed: HITLErrorDetail[] = [];
  const seenPerCall = new Map<string | undefined, number>();
  const unlistedPerCall = new Map<string | undefined, number>();
  const listedCalls = new Set<string | undefined>();
  let unlistedElsewhere = 0;
  for (const detail of details) {
    // A count a cap made already (a refusal read back from a re-raised approval) is kept, and counts for nothing.
    if (detail.unlisted !== undefined) {
      listed.push(detail);
      continue;
    }
    const seen = seenPerCall.get(detail.toolCallId) ?? 0;
    seenPerCall.set(detail.toolCallId, seen + 1);
    if (seen < MAX_DETAILS_PER_CALL && listed.length < MAX_DETAILS) {
      listed.push(detail);
      listedCalls.add(detail.toolCallId);
    }
    // Counted per call only for a call some detail of which is listed: at most one count per listed detail.
    else if (listedCalls.has(detail.toolCallId)) unlistedPerCall.set(detail.toolCallId, (unlistedPerCall.get(detail.toolCallId) ?? 0) + 1);
    else unlistedElsewhere += 1;
  }
  if (unlistedPerCall.size === 0 && unlistedElsewhere === 0) return details;
  const counts: HITLErrorDetail[] = [...unlistedPerCall].map(([toolCallId, count]) =>
    toolCallId === undefined ? { message: notListed(count, ""), unlisted: count } : { toolCallId, message: notListed(count, " with this call"), unlisted: count },
  );
  if (unlistedElsewhere > 0) counts.push({ message: notListed(unlistedElsewhere, " of other calls"), unlisted: unlistedElsewhere });
  return [...listed, ...counts];
}

function notListed(count: number, whose: string): string {
  return count === 1 ? `1 more problem${whose} is not listed` : `${count} more problems${whose} are not listed`;
}
