import { HITLError } from "../errors/hitl-error.js";

/** The only hosts plain `http:` may reach: the machine itself. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The endpoint as it may appear in an error: no user info, query or fragment, which can hold secrets. */
function redactEndpoint(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function refuse(message: string, path: Array<string | number>, received?: string): HITLError {
  const detail = received === undefined ? { path, message } : { path, message, received };
  return new HITLError("INVALID_OPTIONS", message, { details: [detail] });
}

/**
 * Checks a policy endpoint before anything is sent to it: `https:`, or `http:` on
 * `localhost`, `127.0.0.1` or `[::1]` only; no user name or password (tokens come from the
 * `auth` callback); no fragment. Errors never echo credentials or the query string.
 *
 * @param value - The configured URL.
 * @param path - Where the option sits, for the error detail.
 * @returns The parsed URL.
 * @throws {HITLError} `INVALID_OPTIONS` naming the rule that was broken.
 * @example
 * ```ts
 * checkEndpoint("https://policy.example.com/hooks", ["transport", "url"]).host; // "policy.example.com"
 * ```
 */
export function checkEndpoint(value: unknown, path: Array<string | number>): URL {
  const name = path.join(".");
  if (typeof value !== "string") throw refuse(`\`${name}\` must be a URL string`, path, typeof value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The raw text is not echoed: it may carry credentials we cannot locate in an unparseable URL.
    throw refuse(`\`${name}\` is not a valid URL`, path);
  }
  if (url.username !== "" || url.password !== "") {
    throw refuse(`\`${name}\` must not carry credentials; return a bearer token from \`auth\` instead`, path, redactEndpoint(url));
  }
  if (url.hash !== "") throw refuse(`\`${name}\` must not have a fragment`, path, redactEndpoint(url));
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    const message =
      url.protocol === "http:"
        ? `\`${name}\` must use https: (plain http: is allowed only on localhost, 127.0.0.1 or [::1])`
        : `\`${name}\` must be an https: URL, not ${url.protocol}`;
    throw refuse(message, path, redactEndpoint(url));
  }
  return url;
}
