import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from "node:crypto";
import { z } from "zod";
import { canonicalJson } from "../payload/canonical-json.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type { ResumeMeta } from "./resume-envelope.js";

/** A shared secret for signing resume values: a string (UTF-8) or raw bytes. */
export type SigningKey = string | Uint8Array;

/** The fewest characters (string) or bytes (`Uint8Array`) a `signingKey` may have, so it cannot be guessed by trying. */
export const MIN_SIGNING_KEY_LENGTH = 16;

/**
 * Validates a `signingKey` option: at least 16 characters or bytes. Its issues may echo the
 * key: report a failure through {@link signingKeyProblem} instead.
 */
export const signingKeySchema = z.union([
  z.string().min(MIN_SIGNING_KEY_LENGTH, "use at least 16 characters"),
  z.instanceof(Uint8Array).refine((key) => key.byteLength >= MIN_SIGNING_KEY_LENGTH, "use at least 16 bytes"),
]);

const ALLOWED_KEYS = [`a string of at least ${MIN_SIGNING_KEY_LENGTH} characters`, `a Uint8Array of at least ${MIN_SIGNING_KEY_LENGTH} bytes`];

/** What a rejected key was, without any of its content. */
function shapeOf(value: unknown): string {
  if (typeof value === "string") return `<string of ${value.length} characters>`;
  if (value instanceof Uint8Array) return `<Uint8Array of ${value.byteLength} bytes>`;
  if (value === null) return "<null>";
  if (Array.isArray(value)) return "<array>";
  return `<${typeof value}>`;
}

/**
 * What is wrong with a `signingKey` option, or `undefined` when it is absent or fine. The
 * detail names the field and what is allowed, and never contains the key: option errors end
 * up in logs.
 *
 * @param value - The option as given.
 * @param path - Where it sits in the options, e.g. `["signingKey"]`.
 * @returns One detail (`path`, `message`, `received` as a shape, `allowed`), or `undefined`.
 * @example
 * ```ts
 * signingKeyProblem("short", ["signingKey"])?.received; // "<string of 5 characters>"
 * ```
 */
export function signingKeyProblem(value: unknown, path: ReadonlyArray<string | number>): HITLErrorDetail | undefined {
  if (value === undefined) return undefined;
  const long = (typeof value === "string" && value.length >= MIN_SIGNING_KEY_LENGTH) || (value instanceof Uint8Array && value.byteLength >= MIN_SIGNING_KEY_LENGTH);
  if (long) return undefined;
  const received = shapeOf(value);
  const message = `\`${path.join(".")}\` must be ${ALLOWED_KEYS.join(" or ")}, but received ${received}`;
  return { path: [...path], message, received, allowed: [...ALLOWED_KEYS] };
}

/**
 * The one check of every `signingKey` option (node, middleware, `resume()`, `resumeRemote()`,
 * the HTTP handler): at least 16 characters or bytes.
 *
 * @param value - The option as given.
 * @param path - Where it sits in the options, e.g. `["signingKey"]`.
 * @returns The key, or `undefined` when none was given.
 * @throws {HITLError} `INVALID_OPTIONS` naming the field and what is allowed; neither its
 * message nor its details contain the key.
 * @example
 * ```ts
 * const signingKey = checkSigningKey(options.signingKey, ["signingKey"]);
 * ```
 */
export function checkSigningKey(value: unknown, path: ReadonlyArray<string | number>): SigningKey | undefined {
  const problem = signingKeyProblem(value, path);
  if (problem !== undefined) throw new HITLError("INVALID_OPTIONS", `Invalid options: ${problem.message}`, { details: [problem] });
  return value as SigningKey | undefined;
}

const PROCESS_KEY = Symbol.for("langgraph-hitl/process-key");

/**
 * Signs what `resume()` sends when the host gave no key: only a node in this same process can
 * verify it. It lives on `globalThis`, so every copy of this package loaded in the process (a
 * graph from the CommonJS build, a host from the ES module build) shares it. Across processes
 * a reviewer counts as unverified unless both sides share a configured `signingKey`.
 */
function processKeyBytes(): Uint8Array {
  const holder = globalThis as { [PROCESS_KEY]?: Uint8Array };
  if (holder[PROCESS_KEY] === undefined) {
    Object.defineProperty(globalThis, PROCESS_KEY, { value: randomBytes(32), enumerable: false, writable: false, configurable: false });
  }
  return holder[PROCESS_KEY]!;
}

/**
 * The process key as a `KeyObject`, made once per copy of this module from the bytes every copy
 * shares: the `globalThis` property holding them can be neither reassigned nor redefined.
 */
let processSecret: KeyObject | undefined;

function processKey(): KeyObject {
  return (processSecret ??= createSecretKey(processKeyBytes()));
}

/**
 * The key as `createHmac` takes it fastest. A string goes as it is; bytes go as a `KeyObject`:
 * on Node 24 an HMAC with a `Uint8Array` key takes ≈ 10 µs, with a `KeyObject` or a string
 * ≈ 2 µs (on Node 20 and 22 ≈ 2 µs each way). A caller's bytes become a new `KeyObject` on
 * every call, never a cached one: bytes changed in place between two calls sign with what they
 * are now.
 */
function macKey(key: SigningKey | KeyObject): string | KeyObject {
  return key instanceof Uint8Array ? createSecretKey(key) : key;
}

/** What a signature binds: the thread, the root task that paused, the interrupt answered, the value and its envelope. */
export interface SignedResume {
  threadId: string;
  /** The id of the root-graph task the interrupt belongs to (the same on every pass). */
  taskId: string;
  /** The id of the interrupt the value answers: a value signed for one raise never answers another. */
  interruptId: string;
  value: unknown;
  meta: ResumeMeta;
}

function hmac(key: SigningKey | KeyObject, signed: SignedResume): string {
  const { signature: _unsigned, ...meta } = signed.meta;
  const bound = ["langgraph-hitl/resume/v2", signed.threadId, signed.taskId, signed.interruptId, signed.value, meta];
  return createHmac("sha256", macKey(key)).update(canonicalJson(bound)).digest("hex");
}

/**
 * The signature `resume()` puts in its envelope: HMAC-SHA256 with `key` (or, without one, with
 * a key only this process knows).
 *
 * @example
 * ```ts
 * const signature = signResume({ threadId: "t1", taskId, interruptId, value, meta }, process.env.HITL_SIGNING_KEY);
 * ```
 */
export function signResume(signed: SignedResume, key: SigningKey | undefined): string {
  return hmac(key ?? processKey(), signed);
}

/**
 * Whether the envelope's signature was made with `key` — or, when the node has no key, by a
 * `resume()` in this process. A node with a key accepts only that key. Compared in constant
 * time; a value too deep to canonicalise does not verify.
 *
 * @example
 * ```ts
 * if (!verifyResume({ threadId, taskId, interruptId, value, meta }, options.signingKey)) refuse();
 * ```
 */
export function verifyResume(signed: SignedResume, key: SigningKey | undefined): boolean {
  const given = signed.meta.signature;
  if (given === undefined || !/^[0-9a-f]{64}$/.test(given)) return false;
  let expected: string;
  try {
    expected = hmac(key ?? processKey(), signed);
  } catch {
    return false;
  }
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"));
}
