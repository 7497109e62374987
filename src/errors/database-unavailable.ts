import { thrownByTask } from "../langgraph/index.js";
import { HITLError, isHITLError } from "./hitl-error.js";

/** Connection-level failures of a database driver (Node socket errors and Postgres SQLSTATE classes 08 and 57P). */
const UNAVAILABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|08\d{3}|57P0[1-3])$/;
const UNAVAILABLE_MESSAGE = /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/** Whether the error itself reads as a driver that cannot reach its server (its causes are walked by the caller). */
function looksUnavailable(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code === "string" && UNAVAILABLE.test(code)) || (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message));
}

/** Whether `error` or its causes read as an unreachable database, whoever raised it. */
function readsAsUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; depth += 1) {
    if (typeof current !== "object") return false;
    if (looksUnavailable(current)) return true;
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors) && errors.some(readsAsUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether `error` means the database could not be reached, rather than a bug. An error a
 * graph node threw (a tool's, a model call's) is that node's own, whatever it reads like: a
 * tool that cannot reach its own server is not our database being down. This library's
 * database layer marks its failures as `DATABASE_UNAVAILABLE` where they happen, inside a
 * node too (see {@link markingUnavailable}).
 *
 * @example
 * ```ts
 * isDatabaseUnavailable(Object.assign(new Error("boom"), { code: "57P01" })); // true
 * ```
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; depth += 1) {
    if (isHITLError(current, "DATABASE_UNAVAILABLE")) return true;
    if (thrownByTask(current)) return false;
    if (typeof current === "object" && looksUnavailable(current)) return true;
    const { errors } = current as { errors?: unknown };
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

const CLAIMS_CONSEQUENCE =
  "the claims could not be read or written. Decisions already claimed stay claimed and calls already finished stay finished; resuming again completes the run.";

function rethrowMarked(error: unknown): never {
  if (isHITLError(error) || !readsAsUnavailable(error)) throw error;
  throw new HITLError("DATABASE_UNAVAILABLE", `The database is unavailable: ${CLAIMS_CONSEQUENCE}`, { cause: error });
}

const marked = new WeakMap<object, object>();

/**
 * Wraps an object whose methods reach the database (a claim store) so that failing to reach
 * it is raised as `DATABASE_UNAVAILABLE` where it happens. Inside a graph node this is the
 * only way such a failure is reported as the database's: anything else a node throws is the
 * node's own (see {@link isDatabaseUnavailable}).
 *
 * @param target - The object; every method returning a promise is guarded.
 * @returns The same object behind a guard (one guard per object).
 * @example
 * ```ts
 * const store = markingUnavailable(checkpointer.claimStore);
 * await store.read(key); // rejects with DATABASE_UNAVAILABLE while Postgres is down
 * ```
 */
export function markingUnavailable<T extends object>(target: T): T {
  const existing = marked.get(target);
  if (existing !== undefined) return existing as T;
  const guarded = new Proxy(target, {
    get(object, key) {
      const member: unknown = Reflect.get(object, key, object);
      if (typeof member !== "function") return member;
      return (...args: unknown[]): unknown => {
        const result: unknown = (member as (...parameters: unknown[]) => unknown).apply(object, args);
        return result instanceof Promise ? result.catch(rethrowMarked) : result;
      };
    },
  });
  marked.set(target, guarded);
  return guarded;
}
