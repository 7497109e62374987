import { boundReceived } from "../errors/bounded-value.js";
import { problem, type Problem } from "./problem.js";

/** The `Content-Type` values a state-changing route accepts (type and charset are case-insensitive). */
const ACCEPTED_MEDIA_TYPES = ["application/json", "application/json; charset=utf-8"] as const;

// RFC 9110 §5.6.2: a token; §5.6.4: a quoted-string (with quoted-pairs). OWS is spaces and tabs.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const PARAMETER = new RegExp(`^[ \\t]*(${TOKEN})=(${TOKEN}|${QUOTED})[ \\t]*$`);

function unquote(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
}

/** Why `header` is not one of {@link ACCEPTED_MEDIA_TYPES}, or `undefined` when it is. */
function mismatch(header: string): string | undefined {
  const [essence = "", ...parameters] = header.split(";");
  if (essence.trim().toLowerCase() !== "application/json") return "the media type is not application/json";
  if (parameters.length > 1) return "only one parameter, charset=utf-8, is allowed";
  const [parameter] = parameters;
  if (parameter === undefined) return undefined;
  const match = PARAMETER.exec(parameter);
  if (match === null || match[1]?.toLowerCase() !== "charset") return "only the charset parameter is allowed";
  return unquote(match[2] ?? "").toLowerCase() === "utf-8" ? undefined : "the only charset allowed is utf-8";
}

/**
 * Checks the `Content-Type` of a request that changes state. Only `application/json`, with at
 * most a `charset=utf-8` parameter, is accepted: every type a page on another origin can send
 * without a CORS preflight (`text/plain`, `multipart/form-data`,
 * `application/x-www-form-urlencoded`, whatever parameters it carries) is refused, and so are
 * `+json` suffixes, other parameters and other charsets — a lenient match is how
 * `application/x-www-form-urlencoded; x=+json` once passed for JSON.
 *
 * @param header - The request's `Content-Type` header (`null` when absent).
 * @returns `undefined` when accepted, else a 415 `UNSUPPORTED_MEDIA_TYPE` problem whose detail
 * names what was received and what is allowed.
 * @example
 * ```ts
 * jsonMediaTypeProblem("application/json; charset=UTF-8"); // undefined
 * jsonMediaTypeProblem("text/plain")?.status;              // 415
 * ```
 */
export function jsonMediaTypeProblem(header: string | null): Problem | undefined {
  const why = header === null ? "the Content-Type header is missing" : mismatch(header);
  if (why === undefined) return undefined;
  return problem("UNSUPPORTED_MEDIA_TYPE", `Send the body as application/json: ${why}.`, [
    { path: ["headers", "content-type"], message: why, allowed: [...ACCEPTED_MEDIA_TYPES], received: header === null ? null : boundReceived(header) },
  ]);
}
