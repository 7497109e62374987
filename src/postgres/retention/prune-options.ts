import { z } from "zod";
import { HITLError, type HITLErrorDetail } from "../../errors/hitl-error.js";
import { issueDetails } from "../../errors/issue-details.js";

/**
 * The youngest cutoff `pruneResolved` accepts: one hour ago. Age is what protects a continuation
 * record from a run that loaded its thread before the record was written and writes only now,
 * so the cutoff must lie further back than any run lasts.
 */
const MIN_PRUNE_AGE_MS = 60 * 60 * 1000;
/** How many rows of each kind one call deletes unless told otherwise. */
const DEFAULT_PRUNE_LIMIT = 1000;
const MAX_PRUNE_LIMIT = 10_000;

const optionsSchema = z.strictObject({
  olderThan: z.union([z.date(), z.iso.datetime({ offset: true })]),
  limit: z.number().int().min(1).max(MAX_PRUNE_LIMIT).optional(),
});

/** Options of `HITLPostgresSaver.pruneResolved`. */
export interface PruneResolvedOptions {
  /** Only rows written before this instant go (a `Date` or an ISO-8601 string); at least one hour ago. */
  olderThan: Date | string;
  /** At most this many rows of each kind per call (Default: 1000; 1–10 000). */
  limit?: number;
}

/** Prune options after validation. */
export interface ResolvedPruneOptions {
  olderThan: Date;
  limit: number;
}

function refuse(details: HITLErrorDetail[]): never {
  throw new HITLError("INVALID_OPTIONS", `Invalid pruneResolved options: ${details[0]?.message ?? ""}`, { details });
}

function valueAt(options: unknown, key: PropertyKey | undefined): unknown {
  return typeof options === "object" && options !== null && key !== undefined ? (options as Record<PropertyKey, unknown>)[key] : options;
}

/**
 * Validates `pruneResolved`'s options against `now` (this process's clock; the rows' own
 * verdicts are judged by the database's).
 *
 * @throws {HITLError} `INVALID_OPTIONS` for a missing, invalid or too recent `olderThan`, a bad `limit` or an unknown option.
 * @example
 * ```ts
 * resolvePruneOptions({ olderThan: new Date(Date.now() - 7 * 86_400_000) }, Date.now()); // { olderThan, limit: 1000 }
 * ```
 */
export function resolvePruneOptions(options: unknown, now: number): ResolvedPruneOptions {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    refuse(
      parsed.error.issues.flatMap((issue) =>
        issue.code === "unrecognized_keys"
          ? issue.keys.map((key) => ({ path: [key], message: `${key}: unknown option`, allowed: ["olderThan", "limit"], received: valueAt(options, key) }))
          : issueDetails([issue], { extra: () => ({ received: valueAt(options, issue.path[0]) }) }),
      ),
    );
  }
  const olderThan = new Date(parsed.data.olderThan);
  const tooRecent = !Number.isFinite(olderThan.getTime()) || olderThan.getTime() > now - MIN_PRUNE_AGE_MS;
  if (tooRecent) {
    const message = "olderThan: must be a valid instant at least one hour ago (a row younger than the longest run may still be needed by it)";
    refuse([{ path: ["olderThan"], message, received: parsed.data.olderThan }]);
  }
  return { olderThan, limit: parsed.data.limit ?? DEFAULT_PRUNE_LIMIT };
}
