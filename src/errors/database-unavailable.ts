import { HITLError, isHITLError } from "./hitl-error.js";

/** Connection-level failures of a database driver (Node socket errors and Postgres SQLSTATE classes 08 and 57P). */
const UNAVAILABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|08\d{3}|57P0[1-3])$/;

/**
 * Whether `error` means the database could not be reached, rather than a bug.
 *
 * @example
 * ```ts
 * isDatabaseUnavailable(Object.assign(new Error("boom"), { code: "57P01" })); // true
 * ```
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; depth += 1) {
    if (isHITLError(current, "DATABASE_UNAVAILABLE")) return true;
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && UNAVAILABLE.test(code)) return true;
    if (typeof message === "string" && /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(message)) return true;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work`; a database that cannot be reached becomes a typed `DATABASE_UNAVAILABLE` whose
 * message says what that means at this point (`consequence`). Other errors pass through.
 *
 * @example
 * ```ts
 * await reportingUnavailable(() => saver.getTuple(config), "nothing was submitted", threadId);
 * ```
 */
export async function reportingUnavailable<T>(work: () => Promise<T>, consequence: string, threadId?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isHITLError(error) || !isDatabaseUnavailable(error)) throw error;
    throw new HITLError("DATABASE_UNAVAILABLE", `The database is unavailable: ${consequence}`, { cause: error, ...(threadId === undefined ? {} : { threadId }) });
  }
}
