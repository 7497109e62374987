import type { Reviewer } from "../protocol/resume-envelope.js";
import { HITLError, isHITLError } from "../errors/hitl-error.js";
import { startApprovalNotifier, type ApprovalNotifier } from "../notify/index.js";
import { startExpirySweeper, type ExpirySweeper } from "../sweeper/index.js";
import { resolveHandlerOptions, type ApprovalHandlerOptions, type AuthRefusal, type ResolvedHandlerOptions } from "./options.js";
import { reviewerPage } from "./page/serve-page.js";
import { streamInterrupts, wantsEventStream } from "./inbox-stream.js";
import { problem, problemFromError, problemResponse } from "./problem.js";
import { changesState, crossSiteProblem } from "./request-origin.js";
import { getThreadInterrupt, listInterrupts, resumeThread } from "./routes.js";
import { listGrantsRoute, revokeGrantRoute } from "./grant-routes.js";
import { streamResumeThread } from "./resume-stream.js";
import { decodeThreadId } from "./thread-id.js";

/** A web-standard request handler: mount it in Hono, Next.js route handlers, Bun, Deno or Node. */
export type ApprovalHandler = (request: Request) => Promise<Response>;

/** What {@link createApprovalHandler} returns: the handler, its background work, and `close()` for shutdown. */
export interface ClosableApprovalHandler extends ApprovalHandler {
  /**
   * Ends every open event stream (clients reconnect elsewhere) and refuses new ones with 503
   * `SHUTTING_DOWN`; JSON routes keep answering. Stops the notifier and the expiry sweeper after
   * what they are doing. Call it before `server.close()`, which waits for open connections.
   */
  close(): Promise<void>;
  /** The notifier the `notifications` option started (dead letters, stats), if any. */
  readonly notifier: ApprovalNotifier | undefined;
  /** The expiry sweeper the handler runs (see the `expirySweeper` option), if any. */
  readonly sweeper: ExpirySweeper | undefined;
}

function methodNotAllowed(allowed: string): Response {
  return problemResponse(problem("METHOD_NOT_ALLOWED", `Use ${allowed}.`), { allow: allowed });
}

function refusal(result: AuthRefusal): Response {
  if (result.status === 403) return problemResponse(problem("FORBIDDEN", result.message ?? "Not allowed."));
  // RFC 9110: a 401 names how to authenticate.
  return problemResponse(problem("UNAUTHORIZED", result.message ?? "Sign in first."), { "www-authenticate": result.challenge ?? 'Bearer realm="approvals"' });
}

/**
 * Who is asking. Only `id` and `name` are taken from what `authenticate` returns: it may hand
 * back the app's whole user record (session token included), which must never be recorded on a
 * decision or echoed in an error.
 */
async function authenticated(request: Request, options: ResolvedHandlerOptions) {
  const result = (await options.authenticate(request)) as Partial<Reviewer & AuthRefusal> | null | undefined;
  if (result !== null && typeof result === "object" && (result.status === 401 || result.status === 403)) {
    return { ok: false as const, response: refusal(result as AuthRefusal) };
  }
  const id = result?.id;
  if (typeof id !== "string" || id.length === 0) {
    return { ok: false as const, response: refusal({ status: 401, message: "authenticate() returned no reviewer id." }) };
  }
  const name = result?.name;
  const reviewer: Reviewer = { id, ...(typeof name === "string" && name.length > 0 ? { name } : {}) };
  return { ok: true as const, reviewer };
}

async function route(request: Request, path: string, options: ResolvedHandlerOptions, closing: AbortSignal): Promise<Response> {
  const method = request.method.toUpperCase();
  const stream = path === "/interrupts" && method === "GET" && wantsEventStream(request);
  // Before authenticate: a cross-site request carries the reviewer's cookies, so it would pass.
  // An event stream is held open and read for minutes: it gets the same check as a state change.
  const crossSite = changesState(method) || stream ? crossSiteProblem(request, options.allowedOrigins) : undefined;
  if (crossSite !== undefined) return problemResponse(crossSite);
  if (options.page && (path === "" || path === "/")) return method === "GET" ? reviewerPage(options.basePath) : methodNotAllowed("GET");
  const threadRoute = /^\/threads\/([^/]+)\/(interrupt|resume)$/.exec(path);
  const grantRoute = /^\/grants\/([^/]+)\/revoke$/.exec(path);
  if (path !== "/interrupts" && path !== "/grants" && threadRoute === null && grantRoute === null) return problemResponse(problem("NOT_FOUND", `No route ${method} ${path}.`));
  const auth = await authenticated(request, options);
  if (!auth.ok) return auth.response;
  if (path === "/grants") return method === "GET" ? listGrantsRoute(new URL(request.url), options) : methodNotAllowed("GET");
  if (grantRoute !== null) return method === "POST" ? revokeGrantRoute(grantRoute[1] ?? "", auth.reviewer, options) : methodNotAllowed("POST");
  if (stream) return closing.aborted ? problemResponse(problem("SHUTTING_DOWN", "The server is shutting down; connect again.")) : streamInterrupts(request, options, closing);
  if (path === "/interrupts") return method === "GET" ? listInterrupts(new URL(request.url), options) : methodNotAllowed("GET");
  const [, rawThreadId = "", action] = threadRoute ?? [];
  const decoded = decodeThreadId(rawThreadId);
  if (!decoded.ok) return problemResponse(decoded.problem);
  const { threadId } = decoded;
  if (action === "interrupt") return method === "GET" ? getThreadInterrupt(threadId, options) : methodNotAllowed("GET");
  if (method !== "POST") return methodNotAllowed("POST");
  return wantsEventStream(request) ? streamResumeThread(request, threadId, auth.reviewer, options, closing) : resumeThread(request, threadId, auth.reviewer, options);
}

/** The notifier of the `notifications` option, over the handler's inbox (a memory or Postgres checkpointer). */
function startNotifier(options: ResolvedHandlerOptions): ApprovalNotifier | undefined {
  if (options.notifications === undefined) return undefined;
  try {
    return startApprovalNotifier({ ...options.notifications, checkpointer: options.inbox });
  } catch (error) {
    if (!isHITLError(error, "INVALID_OPTIONS")) throw error;
    const message = "needs an inbox that records approvals as they are raised: the graph's createMemoryCheckpointer() or createPostgresCheckpointer()";
    throw new HITLError("INVALID_OPTIONS", `Invalid approval handler options: \`notifications\`: ${message}`, { details: [{ path: ["notifications"], message }] });
  }
}

/**
 * The backend half of human review, as one web-standard handler:
 *
 * | route | |
 * |---|---|
 * | `GET {base}/` | the reviewer inbox page |
 * | `GET {base}/interrupts?limit&cursor&toolName&olderThan&threadId` | pending interrupts, oldest first |
 * | `GET {base}/interrupts` with `Accept: text/event-stream` | the inbox's changes as server-sent events: `snapshot` first, then `raised`, `resolved`, `expired` |
 * | `GET {base}/threads/:threadId/interrupt` | a thread's pending interrupt (404 when none) |
 * | `POST {base}/threads/:threadId/resume` | `{ interruptId, decisions \| answer \| answers, comment? }` |
 * | `POST {base}/threads/:threadId/resume` with `Accept: text/event-stream` | the same, answered with the resumed run's chunks as events (`?streamMode=`, default `updates,messages`) and a last `outcome` |
 * | `GET {base}/grants?threadId&scope&scopeKey&toolName&includeInactive&limit&cursor` | standing grants, oldest first |
 * | `POST {base}/grants/:grantId/revoke` | revokes a grant (the reviewer is recorded as who revoked it) |
 *
 * Errors are `application/problem+json` with our error `code`: 400 invalid decision, edit or
 * answer (with per-call `details`), 401/403 from `authenticate`, 403 `CROSS_SITE_REQUEST` for a
 * state-changing request from another origin, 404 unknown thread, 409 already resolved or
 * mismatched, 410 expired, 413 body too large, 415 a body that is not `application/json`,
 * 503 database unavailable (or `SHUTTING_DOWN`: an event stream asked for after `close()`).
 *
 * By default it also runs an expiry sweeper (approvals past their deadline expire by themselves;
 * option `expirySweeper`), and with `notifications` it sends approval notifications.
 *
 * @param options - `{ graph, authenticate, inbox?, basePath?, maxBodyBytes?, page?, signingKey?, allowedOrigins?, eventStream?, notifications?, expirySweeper?, grants? }`.
 * @returns `(request: Request) => Promise<Response>`, with `close()` to end its event streams and background work, `notifier` and `sweeper`.
 * @throws {HITLError} `INVALID_OPTIONS` for bad options.
 * @example
 * ```ts
 * const handler = createApprovalHandler({ graph, authenticate: async (req) => (await sessions.reviewerOf(req)) ?? { status: 401 } });
 * app.all("/approvals/*", (c) => handler(c.req.raw)); // Hono
 * ```
 */
export function createApprovalHandler(options: ApprovalHandlerOptions): ClosableApprovalHandler {
  const resolved = resolveHandlerOptions(options);
  const closing = new AbortController();
  const notifier = startNotifier(resolved);
  const sweeper = resolved.expirySweeper === undefined ? undefined : startExpirySweeper({ ...resolved.expirySweeper, graph: resolved.graph, checkpointer: resolved.inbox });
  async function approvalHandler(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (resolved.basePath !== "" && pathname !== resolved.basePath && !pathname.startsWith(`${resolved.basePath}/`)) {
      return problemResponse(problem("NOT_FOUND", `No route ${pathname}.`));
    }
    try {
      return await route(request, pathname.slice(resolved.basePath.length), resolved, closing.signal);
    } catch (error) {
      return problemResponse(problemFromError(error));
    }
  }
  return Object.assign(approvalHandler, {
    notifier,
    sweeper,
    close: async () => {
      closing.abort();
      await Promise.all([notifier?.stop(), sweeper?.stop()]);
    },
  });
}
