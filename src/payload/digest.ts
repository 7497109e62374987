import { canonicalJson } from "./canonical-json.js";
import { isToolApprovalInterrupt } from "./guards.js";
import { sha256Hex } from "./sha256.js";

/**
 * The digest a decision is bound to: SHA-256 over the tool name and the canonical JSON
 * of the arguments as sent. Two requests with the same digest would run the same thing; a
 * string input and an object never share one (`"a"` is not `{}`, nor `{ "input": "a" }`).
 *
 * @param name - Tool name.
 * @param args - Tool input exactly as it would run: an object, or a string.
 * @returns A lowercase hex SHA-256.
 * @example
 * ```ts
 * requestDigest("delete_file", { path: "/tmp/a" }) === requestDigest("delete_file", { path: "/tmp/a" }); // true
 * ```
 */
export function requestDigest(name: string, args: unknown): string {
  return digestOfRequestText(requestText(name, args));
}

/**
 * The text a request's digest is the SHA-256 of: the tool name, a NUL, the canonical JSON of the
 * arguments. Two requests have the same digest exactly when they have the same text, so a pass
 * that only compares two requests compares their texts and hashes nothing.
 *
 * @example
 * ```ts
 * requestText("rm", { path: "/tmp/a" }) === requestText("rm", JSON.parse('{"path":"/tmp/a"}')); // true
 * ```
 */
export function requestText(name: string, args: unknown): string {
  return `${name}\u0000${canonicalJson(args)}`;
}

/**
 * {@link requestDigest} of a request whose {@link requestText} is already known.
 *
 * @example
 * ```ts
 * digestOfRequestText(requestText("rm", { path: "/tmp/a" })) === requestDigest("rm", { path: "/tmp/a" }); // true
 * ```
 */
export function digestOfRequestText(text: string): string {
  return sha256Hex(text);
}

/**
 * A `tool_approval` payload with each request's `digest` filled in. Digests are computed when a
 * payload is read (they follow from the name and arguments), not stored: a SHA-256 does not
 * compress, and storing it would make every paused thread larger. A request stored before
 * `args` was added also gets `args` (a copy of `arguments`). Other values pass through.
 */
export function withDigests<T>(payload: T): T {
  // By shape: another library's `tool_approval` (LangChain's per-call one) or a malformed value passes through untouched.
  if (!isToolApprovalInterrupt(payload)) return payload;
  const candidate = payload as { action_requests: unknown[] };
  return {
    ...candidate,
    action_requests: (candidate.action_requests as Array<{ name: string; arguments: unknown; args?: unknown }>).map((request) => ({
      ...request,
      ...(request.args === undefined ? { args: request.arguments } : {}),
      digest: requestDigest(request.name, request.arguments),
    })),
  } as T;
}
