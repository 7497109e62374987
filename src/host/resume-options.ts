import { randomUUID } from "node:crypto";
import { HITLError } from "../errors/hitl-error.js";
import { checkBusyWaitMs } from "./busy-wait.js";
import { reviewerIdentitySchema, type ResumeMeta } from "../protocol/resume-envelope.js";
import { checkSigningKey } from "../protocol/signing.js";
import type { ResumeOptions } from "./resume-types.js";

function invalidOption(path: string, message: string, received: unknown): HITLError {
  return new HITLError("INVALID_OPTIONS", message, { details: [{ path: [path], message, received }] });
}

/**
 * Checks the options `resume()` and `resumeRemote()` share before anything is read or sent.
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming `interruptId`, `reviewer`, `comment`, `signingKey` or `busyWaitMs`.
 * @example
 * ```ts
 * checkResumeOptions({ reviewer: { id: "u_42" }, comment: "ok" });
 * ```
 */
export function checkResumeOptions(options: ResumeOptions): void {
  const { interruptId } = options as { interruptId?: unknown };
  // An id names an interrupt only as a string; Postgres text cannot hold a NUL (its query would throw the driver's error).
  if (interruptId !== undefined && (typeof interruptId !== "string" || interruptId.length === 0 || interruptId.includes("\u0000"))) {
    throw invalidOption("interruptId", "`interruptId` must be the id of a pending interrupt: a non-empty string without the NUL character", interruptId);
  }
  if (options.reviewer !== undefined && !reviewerIdentitySchema.safeParse(options.reviewer).success) {
    throw invalidOption("reviewer", "`reviewer` must be { id: non-empty string, name?: string }", options.reviewer);
  }
  if (options.comment !== undefined && typeof options.comment !== "string") throw invalidOption("comment", "`comment` must be a string", options.comment);
  checkSigningKey(options.signingKey, ["signingKey"]);
  checkBusyWaitMs((options as { busyWaitMs?: unknown }).busyWaitMs);
}

/**
 * The envelope a host sends with its value: who decided and when, the comment, the digests the
 * value was validated against, and a fresh attempt id (unsigned: the caller signs it).
 *
 * @example
 * ```ts
 * const meta = resumeMetaFor(options, checked.digests);
 * ```
 */
export function resumeMetaFor(options: ResumeOptions, digests: Record<string, string> | undefined): ResumeMeta {
  return {
    v: 1,
    decidedAt: new Date().toISOString(),
    ...(options.reviewer === undefined ? {} : { reviewer: options.reviewer }),
    ...(options.comment === undefined ? {} : { comment: options.comment }),
    ...(digests === undefined ? {} : { digests }),
    attempt: randomUUID(),
  };
}
