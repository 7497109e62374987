import { createHmac, timingSafeEqual } from "node:crypto";

/** The header a webhook's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = "x-hitl-signature";
/** How old a signed request may be by default before a receiver refuses it as a replay. */
const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The HMAC-SHA256, hex, of `<timestamp>.<body>` under `secret`. */
function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/**
 * The signature header value for a body sent at `timestamp` (unix seconds): the timestamp is
 * signed with the body, so a captured request cannot be replayed later with a new timestamp.
 *
 * @example
 * ```ts
 * signWebhookBody("whsec_…", '{"type":"ApprovalRequested"}', 1767225600); // "t=1767225600,v1=5f…"
 * ```
 */
export function signWebhookBody(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Why a signature was refused. */
export type WebhookSignatureProblem = "missing" | "malformed" | "stale" | "mismatch";

/** The verdict of {@link verifyWebhookSignature}. */
export type WebhookVerification = { ok: true; timestamp: number } | { ok: false; problem: WebhookSignatureProblem };

/** Options of {@link verifyWebhookSignature}. */
export interface VerifyWebhookOptions {
  /** The secret the sender was given. */
  secret: string;
  /** The `x-hitl-signature` header as received (`null`/`undefined` when absent). */
  signature: string | null | undefined;
  /** The request body exactly as received (the raw text, before any JSON parsing). */
  body: string;
  /** How far the signed time may be from now, either way. Default: 300 s. */
  toleranceSeconds?: number;
  /** The receiver's clock. Default: `Date.now()`. */
  now?: number;
}

/**
 * Checks a webhook this library sent: the signature header parses, its time is within the
 * tolerance of the receiver's clock (a replay of an old request is refused), and one of its `v1`
 * values equals the HMAC-SHA256 of `<t>.<body>` — compared in constant time.
 *
 * @returns `{ ok: true, timestamp }`, or `{ ok: false, problem }` (`missing`, `malformed`, `stale`, `mismatch`).
 * @example
 * ```ts
 * const body = await request.text();
 * const verdict = verifyWebhookSignature({ secret, signature: request.headers.get("x-hitl-signature"), body });
 * if (!verdict.ok) return new Response(verdict.problem, { status: 401 });
 * ```
 */
export function verifyWebhookSignature(options: VerifyWebhookOptions): WebhookVerification {
  const { secret, signature, body, toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS, now = Date.now() } = options;
  if (typeof signature !== "string" || signature === "") return { ok: false, problem: "missing" };
  const parts = signature.split(",").map((part) => part.trim().split("="));
  const timestamps = parts.filter(([key]) => key === "t").map(([, value]) => value ?? "");
  const candidates = parts.filter(([key, value]) => key === "v1" && /^[0-9a-f]{64}$/.test(value ?? "")).map(([, value]) => value!);
  if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0]!) || candidates.length === 0) return { ok: false, problem: "malformed" };
  const timestamp = Number(timestamps[0]);
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return { ok: false, problem: "stale" };
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const matches = candidates.some((candidate) => timingSafeEqual(expected, Buffer.from(candidate, "hex")));
  return matches ? { ok: true, timestamp } : { ok: false, problem: "mismatch" };
}
