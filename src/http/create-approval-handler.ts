import { resolveHandlerOptions, type ApprovalHandlerOptions, type ResolvedHandlerOptions } from "./options.js";
import { reviewerPage } from "./page/serve-page.js";
import { problem, problemFromError, problemResponse } from "./problem.js";
import { getThreadInterrupt, listInterrupts, resumeThread } from "./routes.js";

/** A web-standard request handler: mount it in Hono, Next.js route handlers, Bun, Deno or Node. */
export type ApprovalHandler = (request: Request) => Promise<Response>;

function methodNotAllowed(allowed: string): Response {
  return problemResponse(problem("METHOD_NOT_ALLOWED", `Use ${allowed}.`), { allow: allowed });
}

async function authenticated(request: Request, options: ResolvedHandlerOptions) {
  const result = await options.authenticate(request);
  if ("status" in result) {
    const code = result.status === 403 ? "FORBIDDEN" : "UNAUTHORIZED";
    return { ok: false as const, response: problemResponse(problem(code, result.message ?? (result.status === 403 ? "Not allowed." : "Sign in first."))) };
  }
  if (typeof result.id !== "string" || result.id.length === 0) {
    return { ok: false as const, response: problemResponse(problem("UNAUTHORIZED", "authenticate() returned no reviewer id.")) };
  }
  return { ok: true as const, reviewer: result };
}

async function route(request: Request, path: string, options: ResolvedHandlerOptions): Promise<Response> {
  const method = request.method.toUpperCase();
  if (options.page && (path === "" || path === "/")) return method === "GET" ? reviewerPage(options.basePath) : methodNotAllowed("GET");
  const threadRoute = /^\/threads\/([^/]+)\/(interrupt|resume)$/.exec(path);
  if (path !== "/interrupts" && threadRoute === null) return problemResponse(problem("NOT_FOUND", `No route ${method} ${path}.`));
  const auth = await authenticated(request, options);
  if (!auth.ok) return auth.response;
  if (path === "/interrupts") return method === "GET" ? listInterrupts(new URL(request.url), options) : methodNotAllowed("GET");
  const [, rawThreadId = "", action] = threadRoute ?? [];
  const threadId = decodeURIComponent(rawThreadId);
  if (action === "interrupt") return method === "GET" ? getThreadInterrupt(threadId, options) : methodNotAllowed("GET");
  return method === "POST" ? resumeThread(request, threadId, auth.reviewer, options) : methodNotAllowed("POST");
}

/**
 * The backend half of human review, as one web-standard handler:
 *
 * | route | |
 * |---|---|
 * | `GET {base}/` | the reviewer inbox page |
 * | `GET {base}/interrupts?limit&cursor&toolName&olderThan&threadId` | pending interrupts, oldest first |
 * | `GET {base}/threads/:threadId/interrupt` | a thread's pending interrupt (404 when none) |
 * | `POST {base}/threads/:threadId/resume` | `{ interruptId, decisions \| answer \| answers, comment? }` |
 *
 * Errors are `application/problem+json` with our error `code`: 400 invalid decision, edit or
 * answer (with per-call `details`), 401/403 from `authenticate`, 404 unknown thread, 409 already
 * resolved or mismatched, 410 expired, 413 body too large, 503 database unavailable.
 *
 * @param options - `{ graph, authenticate, inbox?, basePath?, maxBodyBytes?, page? }`.
 * @returns `(request: Request) => Promise<Response>`.
 * @throws {HITLError} `INVALID_OPTIONS` for bad options.
 * @example
 * ```ts
 * const handler = createApprovalHandler({ graph, authenticate: async (req) => (await sessions.reviewerOf(req)) ?? { status: 401 } });
 * app.all("/approvals/*", (c) => handler(c.req.raw)); // Hono
 * ```
 */
export function createApprovalHandler(options: ApprovalHandlerOptions): ApprovalHandler {
  const resolved = resolveHandlerOptions(options);
  return async function approvalHandler(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (resolved.basePath !== "" && pathname !== resolved.basePath && !pathname.startsWith(`${resolved.basePath}/`)) {
      return problemResponse(problem("NOT_FOUND", `No route ${pathname}.`));
    }
    try {
      return await route(request, pathname.slice(resolved.basePath.length), resolved);
    } catch (error) {
      return problemResponse(problemFromError(error));
    }
  };
}
