import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ResumeMeta } from "./resume-envelope.js";

/** A shared secret for signing resume values: a string (UTF-8) or raw bytes. */
export type SigningKey = string | Uint8Array;

/** Validates a `signingKey` option: at least 16 characters or bytes, so it cannot be guessed by trying. */
export const signingKeySchema = z.union([
  z.string().min(16, "use at least 16 characters"),
  z.instanceof(Uint8Array).refine((key) => key.byteLength >= 16, "use at least 16 bytes"),
]);

/**
 * Signs what `resume()` sends when the host gave no key: only a node in this same process can
 * verify it. Across processes a reviewer then counts as unverified unless both sides share a
 * configured `signingKey`.
 */
const PROCESS_KEY = randomBytes(32);

/** What a signature binds: the thread, the root task that paused, the value and its envelope. */
export interface SignedResume {
  threadId: string;
  /** The id of the root-graph task the interrupt belongs to (the same on every pass). */
  taskId: string;
  value: unknown;
  meta: ResumeMeta;
}

/** JSON with object keys sorted, so the same value always signs the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function hmac(key: SigningKey, signed: SignedResume): string {
  const { signature: _unsigned, ...meta } = signed.meta;
  return createHmac("sha256", key).update(canonicalJson(["langgraph-hitl/resume/v1", signed.threadId, signed.taskId, signed.value, meta])).digest("hex");
}

/**
 * The signature `resume()` puts in its envelope: HMAC-SHA256 with `key` (or, without one, with
 * a key only this process knows).
 *
 * @example
 * ```ts
 * const signature = signResume({ threadId: "t1", taskId, value, meta }, process.env.HITL_SIGNING_KEY);
 * ```
 */
export function signResume(signed: SignedResume, key: SigningKey | undefined): string {
  return hmac(key ?? PROCESS_KEY, signed);
}

/**
 * Whether the envelope's signature was made with `key` or by a `resume()` in this process.
 * Compared in constant time.
 *
 * @example
 * ```ts
 * if (!verifyResume(signed, options.signingKey)) refuse();
 * ```
 */
export function verifyResume(signed: SignedResume, key: SigningKey | undefined): boolean {
  const given = signed.meta.signature;
  if (given === undefined || !/^[0-9a-f]{64}$/.test(given)) return false;
  const keys: SigningKey[] = key === undefined ? [PROCESS_KEY] : [key, PROCESS_KEY];
  const received = Buffer.from(given, "hex");
  return keys.some((candidate) => timingSafeEqual(Buffer.from(hmac(candidate, signed), "hex"), received));
}
