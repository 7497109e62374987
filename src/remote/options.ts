import { basename } from "node:path";
import { z } from "zod";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import { MAX_TIMEOUT_MS } from "../hooks/time-bound.js";
import type { HookMatcher } from "../hooks/types.js";
import { checkEndpoint } from "./endpoint.js";
import { issueDetails } from "../errors/issue-details.js";

/** What a backend failure does to the call: `fail-closed` denies it, `fail-open` leaves it to the other hooks. */
export type FailurePolicy = "fail-open" | "fail-closed";

/** A backend reached by `POST`ing one JSON-RPC object per request. */
export interface HttpTransportOptions {
  type: "http";
  /** `https:` (or `http:` on localhost / 127.0.0.1 / [::1]); no credentials, no fragment. */
  url: string;
}

/** A long-lived child process speaking newline-delimited JSON-RPC on stdin/stdout. */
export interface StdioTransportOptions {
  type: "stdio";
  /** Run directly, never through a shell. */
  command: string;
  args?: string[];
  cwd?: string;
  /** The child's environment. Default: this process's. */
  env?: Record<string, string>;
}

/** Where the policy backend lives. */
export type RemoteTransportOptions = HttpTransportOptions | StdioTransportOptions;

/** What the `auth` callback is told: the only origin the token will be sent to. */
export interface RemoteAuthContext {
  origin: string;
  signal: AbortSignal;
}

/** Returns the bearer token for a request (or `undefined` for none). Called for every request, so it can refresh. */
export type RemoteAuth = (context: RemoteAuthContext) => string | undefined | Promise<string | undefined>;

/** Observer events a remote hook can forward as `hooks/observe` notifications. */
export type RemoteObserverEvent = "PostToolUse" | "PostToolBatch";

/** Options of {@link remoteHook}. */
export interface RemoteHookOptions {
  transport: RemoteTransportOptions;
  /** Deadline of each `hooks/intercept` call, in ms (auth, queueing, connection and parsing included). */
  timeoutMs: number;
  /** Default: `"fail-closed"`. */
  failurePolicy?: FailurePolicy;
  /** Bearer token source (HTTP only). The token is never logged and never sent anywhere but `transport.url`. */
  auth?: RemoteAuth;
  /** The backend's name in failure reasons. Default: the URL's host, or the command's file name. */
  name?: string;
  /** Tools the backend screens (same rules as `register`). Default: every tool. */
  matcher?: HookMatcher;
  /** Observer events forwarded as `hooks/observe` notifications (`tool.after`, `tool.batch.after`). Default: none. */
  observe?: RemoteObserverEvent[];
  /** Deadline of each notification, in ms. Default: 15 000. */
  observeTimeoutMs?: number;
  /** The event `source` URI the backend sees. Default: `"urn:langgraph-hitl"`. */
  source?: string;
  /**
   * Run the backend in shadow: its answers (and failures) are recorded on each call's
   * `ToolMessage` under the backend's name and handed to `onShadowVerdict`, but change nothing.
   * Under `fail-closed` a failure is recorded as the `deny` it would have been; under `fail-open`,
   * as no opinion (reported to `onHookError`). Default: `false`.
   */
  shadow?: boolean;
}

/** How much later than the remote deadline the registration's own bound fires, so ours is the one that classifies. */
export const REGISTRATION_MARGIN_MS = 500;
/** The default deadline of an observer notification (as the protocol's reference client). */
const DEFAULT_OBSERVE_TIMEOUT_MS = 15_000;
/** The default event source. */
const DEFAULT_SOURCE = "urn:langgraph-hitl";

/** Options after checking, with defaults applied. */
export interface ResolvedRemoteOptions {
  transport: { type: "http"; url: URL } | { type: "stdio"; command: string; args: string[]; cwd?: string; env?: Record<string, string> };
  timeoutMs: number;
  failurePolicy: FailurePolicy;
  auth: RemoteAuth | undefined;
  backend: string;
  matcher: HookMatcher | undefined;
  observe: RemoteObserverEvent[];
  observeTimeoutMs: number;
  source: string;
  shadow: boolean;
}

const milliseconds = z.number().int().min(1).max(MAX_TIMEOUT_MS - REGISTRATION_MARGIN_MS);

const optionsSchema = z.strictObject({
  transport: z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("http"), url: z.string() }),
    z.strictObject({
      type: z.literal("stdio"),
      command: z.string().min(1),
      args: z.array(z.string()).optional(),
      cwd: z.string().min(1).optional(),
      env: z.record(z.string(), z.string()).optional(),
    }),
  ]),
  timeoutMs: milliseconds,
  failurePolicy: z.enum(["fail-open", "fail-closed"]).optional(),
  auth: z.custom<RemoteAuth>((value) => typeof value === "function", { message: "expected a function returning a token" }).optional(),
  name: z.string().min(1).max(200).optional(),
  matcher: z.union([z.string(), z.instanceof(RegExp)]).optional(),
  observe: z.array(z.enum(["PostToolUse", "PostToolBatch"])).optional(),
  observeTimeoutMs: milliseconds.optional(),
  source: z.string().refine((value) => URL.canParse(value), { message: "expected a URI" }).optional(),
  shadow: z.boolean().optional(),
});

// Values that can hold secrets (URLs, commands, arguments, environments, callbacks) are described, never echoed.
const ECHOED = new Set(["timeoutMs", "observeTimeoutMs", "failurePolicy", "observe", "name", "source", "matcher", "shadow"]);

function echoes(path: ReadonlyArray<string | number>): boolean {
  const [first, second] = path;
  return (typeof first === "string" && ECHOED.has(first)) || (first === "transport" && second === "type");
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), root);
}

function describe(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function optionError(issues: z.core.$ZodIssue[], options: unknown): HITLError {
  const details: HITLErrorDetail[] = issueDetails(issues, {
    extra: (issue, path) => {
      const value = valueAt(options, issue.path);
      return { message: `\`${path.join(".") || "options"}\`: ${issue.message}`, received: echoes(path) ? value : describe(value) };
    },
  });
  return new HITLError("INVALID_OPTIONS", `invalid remoteHook options: ${details.map((detail) => detail.message).join("; ")}`, { details });
}

/**
 * Checks {@link RemoteHookOptions} and applies the defaults. Everything is refused here, at
 * construction, so a misconfigured backend never receives a request.
 *
 * @throws {HITLError} `INVALID_OPTIONS` with one detail per problem (an insecure URL, a
 * missing or out-of-range `timeoutMs`, an unknown option, `auth` with a stdio transport…).
 */
export function resolveRemoteOptions(options: unknown): ResolvedRemoteOptions {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) throw optionError(parsed.error.issues, options);
  const value = parsed.data;
  const spec = value.transport;
  if (spec.type === "stdio" && value.auth !== undefined) {
    const message = "`auth` applies to the http transport only: a stdio backend has nowhere to receive a token";
    throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["auth"], message, received: "function" }] });
  }
  const transport: ResolvedRemoteOptions["transport"] =
    spec.type === "http"
      ? { type: "http", url: checkEndpoint(spec.url, ["transport", "url"]) }
      : {
          type: "stdio",
          command: spec.command,
          args: [...(spec.args ?? [])],
          ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
          ...(spec.env === undefined ? {} : { env: { ...spec.env } }),
        };
  return {
    transport,
    timeoutMs: value.timeoutMs,
    failurePolicy: value.failurePolicy ?? "fail-closed",
    auth: value.auth,
    backend: value.name ?? (transport.type === "http" ? transport.url.host : basename(transport.command)),
    matcher: value.matcher,
    observe: [...new Set(value.observe ?? [])],
    observeTimeoutMs: value.observeTimeoutMs ?? DEFAULT_OBSERVE_TIMEOUT_MS,
    source: value.source ?? DEFAULT_SOURCE,
    shadow: value.shadow ?? false,
  };
}
