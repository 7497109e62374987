import { isDatabaseUnavailable } from "../errors/database-unavailable.js";
import { isHITLError, type HITLErrorCode, type HITLErrorDetail } from "../errors/hitl-error.js";

/** Codes of the HTTP layer's own refusals, besides every {@link HITLErrorCode}. */
export type ProblemCode = HITLErrorCode | "INVALID_REQUEST" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNAUTHORIZED" | "FORBIDDEN" | "CROSS_SITE_REQUEST" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "SHUTTING_DOWN" | "INTERNAL";

/** An RFC 9457 problem document, plus our stable `code` and per-call `details`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  details?: HITLErrorDetail[];
}

const STATUS_BY_CODE: Partial<Record<ProblemCode, number>> = {
  INVALID_DECISION: 400,
  INVALID_EDIT: 400,
  INVALID_ANSWER: 400,
  INVALID_OPTIONS: 400,
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  NO_PENDING_INTERRUPT: 404,
  UNKNOWN_INTERRUPT: 404,
  METHOD_NOT_ALLOWED: 405,
  INTERRUPT_ALREADY_RESOLVED: 409,
  INTERRUPT_MISMATCH: 409,
  THREAD_BUSY: 409,
  RUN_ABORTED: 409,
  INVALID_SIGNATURE: 403,
  INTERRUPT_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_INTERRUPT: 422,
  AGENT_SERVER_FAILED: 502,
  DATABASE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
};

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** Builds a problem document. */
export function problem(code: ProblemCode, detail: string, details?: readonly HITLErrorDetail[]): Problem {
  const status = STATUS_BY_CODE[code] ?? 500;
  return {
    type: `urn:langgraph-hitl:problem:${code.toLowerCase()}`,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    code,
    ...(details === undefined || details.length === 0 ? {} : { details: [...details] }),
  };
}

/** Maps anything a route threw to a problem: our errors keep their code, unreachable databases are 503, the rest 500 without internals. */
export function problemFromError(error: unknown): Problem {
  // Over HTTP a thread that does not exist is a missing resource, whichever check found it.
  if (isHITLError(error, "UNKNOWN_THREAD")) return problem("NOT_FOUND", error.message, error.details);
  if (isHITLError(error)) return problem(error.code, error.message, error.details);
  if (isDatabaseUnavailable(error)) return problem("DATABASE_UNAVAILABLE", "The database is unavailable; nothing was changed. Try again.");
  return problem("INTERNAL", "An unexpected error occurred.");
}

/** Headers every JSON answer carries: never sniffed as another type, never cached (they hold review data). */
export const JSON_SAFETY_HEADERS = { "x-content-type-options": "nosniff", "cache-control": "no-store" } as const;

/** The `application/problem+json` response for a problem. */
export function problemResponse(value: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status: value.status, headers: { "content-type": "application/problem+json", ...JSON_SAFETY_HEADERS, ...headers } });
}
