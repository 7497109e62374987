import { boundReceived } from "../errors/bounded-value.js";
import { problem, type Problem } from "./problem.js";

/** Methods that only read: every other method changes state and must come from the handler's own origin. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether `method` may change state, and so must pass {@link crossSiteProblem}.
 *
 * @example
 * ```ts
 * changesState("POST"); // true
 * changesState("get");  // false
 * ```
 */
export function changesState(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The serialized origin of `value` (`scheme://host[:port]`, lower case, default port dropped), or
 * `undefined` when it is not an http(s) URL. `"null"` (an opaque origin) stays `"null"`.
 *
 * @example
 * ```ts
 * serializedOrigin("HTTPS://Example.com:443"); // "https://example.com"
 * serializedOrigin("null");                    // "null"
 * ```
 */
export function serializedOrigin(value: string): string | undefined {
  if (value === "null") return "null";
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function refuse(header: "origin" | "sec-fetch-site", received: string, allowed: string[], why: string): Problem {
  return problem("CROSS_SITE_REQUEST", `Refused a request from another site: ${why}. Reviewer pages on another origin must be listed in \`allowedOrigins\`.`, [
    { path: ["headers", header], message: why, allowed, received: boundReceived(received) },
  ]);
}

/**
 * Refuses a state-changing request that a browser sent on behalf of another site. A browser
 * attaches cookies (and TLS client certificates, and HTTP auth) to requests any page makes, so
 * without this check a page on another origin could resume a thread as the signed-in reviewer.
 *
 * - `Origin` listed in `allowedOrigins` → allowed (whatever `Sec-Fetch-Site` says);
 * - `Sec-Fetch-Site: cross-site` → refused;
 * - `Origin: null` (sandboxed frames, `data:` pages, some redirects) → refused;
 * - any other `Origin` not equal to the request's own (scheme, host and port of `request.url`) → refused;
 * - neither header (curl, server-to-server calls; browsers always send `Origin` on a POST) → allowed.
 *
 * @param request - The incoming request; its URL is the handler's own origin.
 * @param allowedOrigins - Serialized origins (or `"null"`) also trusted.
 * @returns `undefined` when allowed, else a 403 `CROSS_SITE_REQUEST` problem naming the header.
 * @example
 * ```ts
 * const request = new Request("https://approvals.example.com/threads/t1/resume", { method: "POST", headers: { origin: "https://evil.example" } });
 * crossSiteProblem(request, new Set())?.code; // "CROSS_SITE_REQUEST"
 * ```
 */
export function crossSiteProblem(request: Request, allowedOrigins: ReadonlySet<string>): Problem | undefined {
  const own = new URL(request.url).origin;
  const header = request.headers.get("origin");
  const origin = header === null ? undefined : serializedOrigin(header.trim());
  if (origin !== undefined && allowedOrigins.has(origin)) return undefined;
  const site = request.headers.get("sec-fetch-site");
  if (site?.trim().toLowerCase() === "cross-site") return refuse("sec-fetch-site", site, ["same-origin", "same-site", "none"], "Sec-Fetch-Site is cross-site");
  if (header === null) return undefined;
  if (origin === "null") return refuse("origin", header, [own], "the Origin is null (an opaque origin)");
  if (origin !== own) return refuse("origin", header, [own], `the Origin is not ${own}`);
  return undefined;
}
