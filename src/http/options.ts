import { z } from "zod";
import type { Reviewer } from "../protocol/resume-envelope.js";
import { HITLError, isHITLError } from "../errors/hitl-error.js";
import type { HITLGraph } from "../host/graph-types.js";
import { checkSigningKey, type SigningKey } from "../protocol/signing.js";
import { isRemoteGraph } from "../host/remote-graph.js";
import { createRemoteInbox } from "../inbox/remote-inbox.js";
import { hasInbox, type ApprovalsInbox } from "../inbox/types.js";
import { issueDetails } from "../errors/issue-details.js";
import { serializedOrigin } from "./request-origin.js";
import { resolveNotifierOptions, type ApprovalNotificationSettings } from "../notify/index.js";
import { resolveSweeperOptions, type ExpirySweeperSettings } from "../sweeper/index.js";

/** How a request was refused by `authenticate`. */
export interface AuthRefusal {
  status: 401 | 403;
  message?: string;
  /** The `WWW-Authenticate` challenge of a 401. Default: `Bearer realm="approvals"`. */
  challenge?: string;
}

/** Who is making a request: a reviewer, or why not. */
export type AuthResult = Reviewer | AuthRefusal;

/** Options of {@link createApprovalHandler}. */
export interface ApprovalHandlerOptions {
  /** The compiled graph whose runs are reviewed, or a `RemoteGraph` (a graph deployed on LangGraph Agent Server). */
  graph: HITLGraph;
  /**
   * Identifies the reviewer of a request (a session cookie, a bearer token…). Return
   * `{ id, name? }`, or `{ status: 401 | 403, message?, challenge? }` to refuse. The identity
   * recorded with each decision comes from here, never from the request body. Only `id` and
   * `name` are read: returning the app's whole user record is fine, the rest is ignored.
   */
  authenticate: (request: Request) => AuthResult | Promise<AuthResult>;
  /** The approvals inbox. Default: the graph's checkpointer, when it keeps one; for a `RemoteGraph`, `createRemoteInbox(graph)` (the server's thread search). */
  inbox?: ApprovalsInbox;
  /** Where the routes live, e.g. `"/approvals"`. Default: `""` (the root). */
  basePath?: string;
  /** Largest request body accepted, in bytes. Default: 1 MiB. */
  maxBodyBytes?: number;
  /** Serve the reviewer inbox page at the base path. Default: `true`. */
  page?: boolean;
  /** The secret the graph's node was given as `signingKey`; decisions are signed with it. Default: a key of this process. */
  signingKey?: SigningKey;
  /**
   * Origins besides the handler's own whose pages may resume threads, e.g.
   * `["https://admin.example.com"]`: each a serialized origin (`scheme://host[:port]`, lower
   * case, no path), or `"null"` to trust opaque origins (sandboxed frames; rarely wise). Add
   * your public origin here when a proxy in front terminates TLS and `request.url` says `http:`.
   * Default: `[]` (only the handler's own origin; requests without `Origin` or
   * `Sec-Fetch-Site`, such as curl's, are not browser requests and are allowed).
   */
  allowedOrigins?: string[];
  /**
   * How `GET {base}/interrupts` streams to a client that asks for `text/event-stream`:
   * `heartbeatMs` (a comment this often; default 15 000), `maxDurationMs` (the stream then ends
   * and the client reconnects, authenticated again; default 900 000), `retryMs` (how long an
   * `EventSource` waits to reconnect; default 2 000), `pollMs` (how often an inbox that cannot
   * push — a `RemoteGraph`'s — is re-read; default 10 000).
   */
  eventStream?: Partial<EventStreamSettings>;
  /**
   * Sends approval notifications (`ApprovalRequested`, `ApprovalReminder`, `ApprovalResolved`)
   * while the handler runs: `{ send, channel?, link?, reminders?, retry?, … }` as for
   * `startApprovalNotifier`, with the handler's inbox as its checkpointer (memory or Postgres).
   * `close()` stops it. Default: none.
   */
  notifications?: ApprovalNotificationSettings;
  /**
   * The expiry sweeper the handler runs: `{ intervalMs?, batchSize?, leaseMs? }` as for
   * `startExpirySweeper`, or `false` for none. Default: one with default settings when the inbox is
   * the graph's own checkpointer (memory or Postgres); none for another inbox (e.g. a
   * `RemoteGraph`'s) unless asked for. `close()` stops it.
   */
  expirySweeper?: ExpirySweeperSettings | false;
  /**
   * Where the standing grants the `grants` routes list and revoke live: the checkpointer the
   * graph's node uses. Default: the graph's checkpointer; for a `RemoteGraph`, none (the routes
   * answer 404) unless you pass a checkpointer on the server's database.
   */
  grants?: object;
}

/** Settings of the handler's event streams (see {@link ApprovalHandlerOptions.eventStream}). */
export interface EventStreamSettings {
  heartbeatMs: number;
  maxDurationMs: number;
  retryMs: number;
  pollMs: number;
}

const EVENT_STREAM_DEFAULTS: EventStreamSettings = { heartbeatMs: 15_000, maxDurationMs: 900_000, retryMs: 2_000, pollMs: 10_000 };

/** Options after validation. */
export interface ResolvedHandlerOptions {
  graph: HITLGraph;
  authenticate: ApprovalHandlerOptions["authenticate"];
  inbox: ApprovalsInbox;
  basePath: string;
  maxBodyBytes: number;
  page: boolean;
  signingKey: SigningKey | undefined;
  allowedOrigins: ReadonlySet<string>;
  eventStream: EventStreamSettings;
  notifications: ApprovalNotificationSettings | undefined;
  /** `undefined`: no sweeper. */
  expirySweeper: ExpirySweeperSettings | undefined;
  grants: object | undefined;
}

/** The shapes an entry of `allowedOrigins` may take. */
const ORIGIN_FORMS = ["https://host", "http://host:port", "null"];

const schema = z.strictObject({
  graph: z.custom<HITLGraph>((value) => typeof (value as HITLGraph | undefined)?.getState === "function" && typeof (value as HITLGraph).invoke === "function", {
    message: "expected a compiled LangGraph graph or a RemoteGraph",
  }),
  authenticate: z.custom<ApprovalHandlerOptions["authenticate"]>((value) => typeof value === "function", {
    message: "expected a function (request) => { id, name? } | { status: 401 | 403 }; use anonymousReviewer() for demos",
  }),
  inbox: z.custom<ApprovalsInbox>((value) => hasInbox(value), { message: "expected an approvals inbox (createMemoryCheckpointer / createPostgresCheckpointer)" }).optional(),
  basePath: z.string().regex(/^(\/[A-Za-z0-9._~-]+)*$/, "expected \"\" or a path like /approvals (no trailing slash)").optional(),
  maxBodyBytes: z.number().int().positive().max(64 * 1024 * 1024).optional(),
  page: z.boolean().optional(),
  // Checked by checkSigningKey, which never echoes a key.
  signingKey: z.unknown().optional(),
  allowedOrigins: z
    .array(z.string().refine((value) => serializedOrigin(value) === value, 'expected a serialized origin: http(s)://host[:port] in lower case, without a path or trailing slash, or "null"'))
    .max(1_000)
    .optional(),
  eventStream: z
    .strictObject({
      heartbeatMs: z.number().int().min(100).max(3_600_000).optional(),
      maxDurationMs: z.number().int().min(1_000).max(86_400_000).optional(),
      retryMs: z.number().int().min(100).max(3_600_000).optional(),
      pollMs: z.number().int().min(100).max(3_600_000).optional(),
    })
    .optional(),
  // Checked in full by the notifier's and the sweeper's own option checks.
  notifications: z.custom<ApprovalNotificationSettings>((value) => typeof value === "object" && value !== null, { message: "expected { send, channel?, link?, reminders?, … }" }).optional(),
  expirySweeper: z.union([z.literal(false), z.custom<ExpirySweeperSettings>((value) => typeof value === "object" && value !== null, { message: "expected { intervalMs?, batchSize?, leaseMs? } or false" })]).optional(),
  grants: z.custom<object>((value) => typeof value === "object" && value !== null, { message: "expected a checkpointer (e.g. the one the graph was compiled with)" }).optional(),
});

/** Runs a nested option check, naming the option's field in its error. */
function nested<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!isHITLError(error, "INVALID_OPTIONS")) throw error;
    const details = error.details.map((detail) => ({ ...detail, path: [field, ...(detail.path ?? [])] }));
    throw new HITLError("INVALID_OPTIONS", `Invalid approval handler options: \`${details[0]?.path.join(".")}\`: ${details[0]?.message}`, { details });
  }
}

/** The sweeper the handler runs: the one asked for, or by default one when the inbox is the graph's own checkpointer. */
function sweeperSettings(options: ApprovalHandlerOptions, inbox: ApprovalsInbox): ExpirySweeperSettings | undefined {
  const asked = options.expirySweeper;
  if (asked === false) return undefined;
  if (asked === undefined && (inbox as unknown) !== options.graph.checkpointer) return undefined;
  const settings = asked ?? {};
  nested("expirySweeper", () => resolveSweeperOptions({ ...settings, graph: options.graph, checkpointer: inbox }));
  return settings;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

function defaultInbox(graph: HITLGraph): ApprovalsInbox | undefined {
  if (hasInbox(graph.checkpointer)) return graph.checkpointer;
  return isRemoteGraph(graph) ? createRemoteInbox(graph) : undefined;
}

/** A compiled graph's own checkpointer keeps its grants; a `RemoteGraph`'s are on its server. */
function defaultGrants(graph: HITLGraph): object | undefined {
  if (isRemoteGraph(graph)) return undefined;
  const { checkpointer } = graph as { checkpointer?: unknown };
  return typeof checkpointer === "object" && checkpointer !== null ? checkpointer : undefined;
}

/**
 * Checks handler options at construction.
 *
 * @throws {HITLError} `INVALID_OPTIONS`, naming the field (for `allowedOrigins`, also what was received and the forms allowed).
 * @example
 * ```ts
 * resolveHandlerOptions({ graph, authenticate, allowedOrigins: ["https://admin.example.com"] }).allowedOrigins.has("https://admin.example.com"); // true
 * ```
 */
export function resolveHandlerOptions(options: ApprovalHandlerOptions): ResolvedHandlerOptions {
  const signingKey = checkSigningKey((options as { signingKey?: unknown } | null)?.signingKey, ["signingKey"]);
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    // An origin that fails is echoed (it is configuration, not a secret) beside the forms accepted.
    const extra = (issue: z.core.$ZodIssue) => (issue.path[0] === "allowedOrigins" ? { received: valueAt(options, issue.path), allowed: ORIGIN_FORMS } : {});
    const details = issueDetails(parsed.error.issues, { message: "plain", extra }).map((detail) => ({ ...detail, path: (detail.path ?? []).map(String) }));
    throw new HITLError("INVALID_OPTIONS", `Invalid approval handler options: \`${details[0]?.path.join(".")}\`: ${details[0]?.message}`, { details });
  }
  const inbox = parsed.data.inbox ?? defaultInbox(options.graph);
  if (inbox === undefined) {
    const message = "the graph's checkpointer keeps no approvals inbox; compile it with createMemoryCheckpointer() or createPostgresCheckpointer(), or pass `inbox`";
    throw new HITLError("INVALID_OPTIONS", `Invalid approval handler options: ${message}`, { details: [{ path: ["inbox"], message }] });
  }
  return {
    graph: options.graph,
    authenticate: options.authenticate,
    inbox,
    basePath: parsed.data.basePath ?? "",
    maxBodyBytes: parsed.data.maxBodyBytes ?? 1024 * 1024,
    page: parsed.data.page ?? true,
    signingKey,
    allowedOrigins: new Set(parsed.data.allowedOrigins ?? []),
    grants: parsed.data.grants ?? defaultGrants(options.graph),
    eventStream: { ...EVENT_STREAM_DEFAULTS, ...Object.fromEntries(Object.entries(parsed.data.eventStream ?? {}).filter(([, value]) => value !== undefined)) },
    notifications: options.notifications === undefined ? undefined : (nested("notifications", () => resolveNotifierOptions(options.notifications!)), options.notifications),
    expirySweeper: sweeperSettings(options, inbox),
  };
}

/**
 * An `authenticate` for demos and local tools: every request is the same reviewer. Do not
 * use it where the handler is reachable by anyone else.
 *
 * @example
 * ```ts
 * createApprovalHandler({ graph, authenticate: anonymousReviewer("local-dev") });
 * ```
 */
export function anonymousReviewer(id = "anonymous", name?: string): () => Reviewer {
  return () => ({ id, ...(name === undefined ? {} : { name }) });
}
