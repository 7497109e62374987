import { z } from "zod";
import { MAX_RESUME_VALUE_COUNT } from "../decisions/value-limits.js";
import { isPlainObject } from "../payload/json-type.js";
import { unstorableTextReason } from "../payload/storable-text.js";


/**
 * What `resume()` sends along with the decisions: who decided, when, a comment, the digests
 * of the requests it validated against, an attempt id (so it can tell afterwards whether its
 * own decisions were the ones applied) and a signature. All of it is untrusted input to the
 * node: digests can only narrow what runs, a reviewer counts as verified only when the
 * signature checks out, and the deadline is never taken from here.
 */
export interface ResumeMeta {
  v: 1;
  decidedAt: string;
  reviewer?: Reviewer;
  comment?: string;
  /** `tool_call_id` → digest of the request the decisions were validated against. */
  digests?: Record<string, string>;
  /** A random id of this submission, echoed in the claim that wins. */
  attempt?: string;
  /** HMAC-SHA256 (hex) over the thread, the task, the value and the rest of this envelope. */
  signature?: string;
}

/** The key that marks an enveloped resume value. Tool call ids never take this form. */
const ENVELOPE_KEY = "__hitl";

const reviewerSchema = z.strictObject({ id: z.string().min(1).max(512), name: z.string().max(512).optional() });

/** Who made a decision, as the host authenticated them (`{ id, name? }`). */
export type Reviewer = z.infer<typeof reviewerSchema>;

/** A digest is a SHA-256 in hex (64 characters); the bound leaves room, not a second format. */
const MAX_DIGEST_LENGTH = 128;

/** Whether `value` is an object with at most `limit` own keys, counted only up to the limit. */
function hasAtMostKeys(value: unknown, limit: number): boolean {
  if (!isPlainObject(value)) return false;
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && (count += 1) > limit) return false;
  return true;
}

// Counted before zod reads any entry: a forged envelope's size is paid for up to the bound, not to
// whatever the sender chose (a million entries cost the parse 1.6 s). A batch decided within the
// resume value's own limit (one value per decision at least) never needs more digests than that.
const digestsSchema = z
  .custom<Record<string, unknown>>((value) => hasAtMostKeys(value, MAX_RESUME_VALUE_COUNT), { message: `at most ${MAX_RESUME_VALUE_COUNT} digests` })
  .pipe(z.record(z.string(), z.string().max(MAX_DIGEST_LENGTH)));

/** The schema of {@link ResumeMeta} as the node parses it (a trust boundary). */
export const resumeMetaSchema = z.strictObject({
  v: z.literal(1),
  decidedAt: z.string().max(64),
  reviewer: reviewerSchema.optional(),
  comment: z.string().max(10_000).optional(),
  digests: digestsSchema.optional(),
  // Stored as text with the claim: a value a database cannot hold exactly is refused here, as malformed,
  // not left to fail the claim's insert (which would leave the value stuck on the task for every later resume).
  attempt: z.string().max(128).refine((attempt) => unstorableTextReason(attempt, "attempt") === undefined).optional(),
  signature: z.string().max(128).optional(),
  // Sent by earlier versions; never trusted (the node reads the deadline from the stored payload).
  expiresAt: z.string().optional(),
});

/** Schema for a reviewer identity (a trust boundary: it usually comes from a host's auth layer). */
export const reviewerIdentitySchema = reviewerSchema;

/**
 * Wraps a resume value with its metadata.
 *
 * @example
 * ```ts
 * wrapResumeValue({ call_1: { type: "approve" } }, { v: 1, decidedAt: new Date().toISOString() });
 * ```
 */
export function wrapResumeValue(value: unknown, meta: ResumeMeta): Record<string, unknown> {
  return { [ENVELOPE_KEY]: meta, value };
}

/**
 * Whether `value` is a resume value `resume()` wrapped (a raw `Command` value usually is not).
 *
 * @example
 * ```ts
 * isResumeEnvelope({ __hitl: { v: 1, decidedAt: "" }, value: [] }); // true
 * ```
 */
function isResumeEnvelope(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && ENVELOPE_KEY in value;
}

/** Result of reading a resume value: the bare value and, when enveloped, its metadata. */
export type UnwrappedResume =
  | { ok: true; value: unknown; meta: ResumeMeta | undefined }
  | { ok: false; message: string };

/**
 * Reads a resume value that may or may not be enveloped. A malformed envelope is refused
 * (not silently treated as a bare value), so forged metadata never reaches the audit trail.
 *
 * @example
 * ```ts
 * const read = unwrapResumeValue(raw);
 * if (read.ok) use(read.value, read.meta);
 * ```
 */
export function unwrapResumeValue(raw: unknown): UnwrappedResume {
  if (!isResumeEnvelope(raw)) return { ok: true, value: raw, meta: undefined };
  const parsed = resumeMetaSchema.safeParse(raw[ENVELOPE_KEY]);
  const extraKeys = Object.keys(raw).filter((key) => key !== ENVELOPE_KEY && key !== "value");
  if (!parsed.success || extraKeys.length > 0 || !("value" in raw)) {
    return { ok: false, message: "the resume envelope is malformed" };
  }
  const { expiresAt: _ignored, ...meta } = parsed.data;
  const defined = Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)) as unknown as ResumeMeta;
  return { ok: true, value: raw["value"], meta: defined };
}
