import { boundDetail, cutErrorMessage } from "./bounded-detail.js";
import { capDetails } from "./capped-details.js";
import type { HITLErrorDetail } from "./hitl-error-detail.js";

export type { HITLErrorDetail };

/**
 * The closed set of error codes this library raises. Codes are stable: match on
 * them, never on message text.
 */
export type HITLErrorCode =
  | "NO_PENDING_INTERRUPT"
  | "INTERRUPT_ALREADY_RESOLVED"
  | "UNKNOWN_INTERRUPT"
  | "UNKNOWN_THREAD"
  | "INTERRUPT_MISMATCH"
  | "UNSUPPORTED_INTERRUPT"
  | "INVALID_DECISION"
  | "INVALID_EDIT"
  | "INVALID_ANSWER"
  | "INVALID_OPTIONS"
  | "INVALID_QUESTION"
  | "MISSING_CHECKPOINTER"
  | "RUN_CANCELLED"
  | "INTERRUPT_EXPIRED"
  | "DATABASE_UNAVAILABLE"
  | "REMOTE_HOOK_FAILED"
  | "THREAD_BUSY"
  | "INVALID_SIGNATURE"
  | "HOOK_CANNOT_PAUSE"
  | "RUN_ABORTED"
  | "DELIVERY_FAILED"
  | "AGENT_SERVER_FAILED";

/** Fields a {@link HITLError} may carry besides its code and message. */
export interface HITLErrorOptions {
  details?: HITLErrorDetail[];
  threadId?: string;
  interruptId?: string;
  cause?: unknown;
}

/**
 * The one error class of this library. Every failure it reports carries a stable
 * {@link HITLErrorCode}, and validation failures carry one {@link HITLErrorDetail}
 * per problem so a UI can show each next to its tool call.
 *
 * Recognise it with {@link isHITLError}, which works by name so it still holds when
 * two copies of the package are loaded.
 *
 * @example
 * ```ts
 * try {
 *   await resume(graph, config, decisions);
 * } catch (error) {
 *   if (isHITLError(error, "INVALID_EDIT")) showNextToCalls(error.details);
 *   else throw error;
 * }
 * ```
 */
export class HITLError extends Error {
  override readonly name = "HITLError" as const;
  readonly code: HITLErrorCode;
  readonly details: readonly HITLErrorDetail[];
  readonly threadId: string | undefined;
  readonly interruptId: string | undefined;

  constructor(code: HITLErrorCode, message: string, options: HITLErrorOptions = {}) {
    // A message may quote what was sent (a forged id, a key): bounded like the details.
    super(cutErrorMessage(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    // A detail echoes what was received; each is bounded, and so is their number, so the error
    // stays cheap to log, to serialise, and to re-raise into a checkpoint.
    this.details = capDetails(options.details ?? []).map(boundDetail);
    this.threadId = options.threadId;
    this.interruptId = options.interruptId;
  }

  /** A plain, JSON-safe view of the error (for logs, HTTP bodies and interrupt payloads). */
  toJSON(): { name: "HITLError"; code: HITLErrorCode; message: string; details: HITLErrorDetail[] } {
    return { name: this.name, code: this.code, message: this.message, details: [...this.details] };
  }
}

/**
 * True when `error` is a {@link HITLError} (optionally with the given `code`). Checks the
 * name and code rather than `instanceof`, so it survives duplicated package copies.
 *
 * @param error - Anything caught.
 * @param code - When given, the error must also carry this code.
 * @returns Whether `error` is a HITLError (with that code).
 * @example
 * ```ts
 * if (isHITLError(error, "NO_PENDING_INTERRUPT")) return notFound();
 * ```
 */
export function isHITLError(error: unknown, code?: HITLErrorCode): error is HITLError {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as { name?: unknown; code?: unknown };
  if (candidate.name !== "HITLError" || typeof candidate.code !== "string") return false;
  return code === undefined || candidate.code === code;
}
