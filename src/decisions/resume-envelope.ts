import { z } from "zod";

/** Who made a decision, as the host authenticated them. */
export interface Reviewer {
  id: string;
  name?: string;
}

/**
 * What `resume()` sends along with the decisions so the node can bind them to what was
 * reviewed and record who decided. A host resuming with a raw `Command` sends no envelope;
 * the node then applies the bare value.
 */
export interface ResumeMeta {
  v: 1;
  decidedAt: string;
  reviewer?: Reviewer;
  comment?: string;
  /** `tool_call_id` → digest of the request the decisions were validated against. */
  digests?: Record<string, string>;
  /** The deadline of the approval the decisions were validated against. */
  expiresAt?: string;
}

/** The key that marks an enveloped resume value. Tool call ids never take this form. */
export const ENVELOPE_KEY = "__hitl";

const reviewerSchema = z.strictObject({ id: z.string().min(1), name: z.string().optional() });
const metaSchema = z.strictObject({
  v: z.literal(1),
  decidedAt: z.string(),
  reviewer: reviewerSchema.optional(),
  comment: z.string().optional(),
  digests: z.record(z.string(), z.string()).optional(),
  expiresAt: z.string().optional(),
});

/** Schema for a reviewer identity (a trust boundary: it usually comes from a host's auth layer). */
export const reviewerIdentitySchema = reviewerSchema;

/** Wraps a resume value with its metadata. */
export function wrapResumeValue(value: unknown, meta: ResumeMeta): Record<string, unknown> {
  return { [ENVELOPE_KEY]: meta, value };
}

/** Whether `value` is a resume value `resume()` wrapped (a raw `Command` value is not). */
export function isResumeEnvelope(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && ENVELOPE_KEY in value;
}

/** Result of reading a resume value: the bare value and, when enveloped, its metadata. */
export type UnwrappedResume =
  | { ok: true; value: unknown; meta: ResumeMeta | undefined }
  | { ok: false; message: string };

/**
 * Reads a resume value that may or may not be enveloped. A malformed envelope is refused
 * (not silently treated as a bare value), so forged metadata never reaches the audit trail.
 */
export function unwrapResumeValue(raw: unknown): UnwrappedResume {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || !(ENVELOPE_KEY in raw)) {
    return { ok: true, value: raw, meta: undefined };
  }
  const record = raw as Record<string, unknown>;
  const parsed = metaSchema.safeParse(record[ENVELOPE_KEY]);
  const extraKeys = Object.keys(record).filter((key) => key !== ENVELOPE_KEY && key !== "value");
  if (!parsed.success || extraKeys.length > 0 || !("value" in record)) {
    return { ok: false, message: "the resume envelope is malformed" };
  }
  const meta = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as unknown as ResumeMeta;
  return { ok: true, value: record["value"], meta };
}
