import { randomUUID } from "node:crypto";
import type { CompiledHook } from "../hooks/hook-registry.js";
import type { HookEvent, HookRegistration, PostToolBatchInput, PostToolUseInput, PreToolUseInput, PreToolUseResult } from "../hooks/types.js";
import { startDeadline } from "../time/deadline.js";
import { classifyFailure } from "./deadline.js";
import { effectsToResult } from "./effects.js";
import { HttpTransport } from "./http-transport.js";
import { REGISTRATION_MARGIN_MS, resolveRemoteOptions, type FailurePolicy, type RemoteHookOptions, type ResolvedRemoteOptions } from "./options.js";
import { eventMeta, interceptRequest, observeNotification, toolAfterEvent, toolBatchAfterEvent, toolBeforeEvent, type ObserveNotification } from "./protocol.js";
import { RemoteHookError } from "./remote-hook-error.js";
import { parseInterceptResponse } from "./response.js";
import { StdioTransport } from "./stdio-transport.js";
import type { RemoteTransport } from "./transport.js";

/** A remote policy backend, ready for `registry.use(...)`. */
export interface RemoteHook extends CompiledHook {
  /** The backend's name, as failure reasons show it. */
  readonly backend: string;
  /**
   * Stops the stdio process, ends in-flight calls (they fail as `cancelled`, which denies
   * them under `fail-closed`) and waits for pending notifications to settle. Later calls fail
   * the same way. Idempotent.
   */
  close(): Promise<void>;
}

/** Everything one remote hook's callbacks share. */
interface RemoteContext {
  backend: string;
  transport: RemoteTransport;
  timeoutMs: number;
  observeTimeoutMs: number;
  failurePolicy: FailurePolicy;
  source: string;
  /** Stands in for the thread id when a run has none. */
  sessionId: string;
  /** Fires when the hook is closed. */
  lifetime: AbortSignal;
  /** Notifications still under way, so `close()` can wait for them. */
  deliveries: Set<Promise<void>>;
}

function createTransport(options: ResolvedRemoteOptions): RemoteTransport {
  const spec = options.transport;
  return spec.type === "http" ? new HttpTransport(spec.url, options.backend, options.auth) : new StdioTransport(spec, options.backend);
}

async function intercept(input: PreToolUseInput, context: RemoteContext): Promise<PreToolUseResult | undefined> {
  const deadline = startDeadline(context.timeoutMs, [input.signal, context.lifetime]);
  try {
    const request = interceptRequest(toolBeforeEvent(eventMeta(context.source, input.threadId, context.sessionId), input));
    const raw = await context.transport.request(request, deadline.signal);
    // An answer that arrives after the deadline is ignored, as the protocol requires.
    if (deadline.expired() || deadline.signal.aborted) throw new Error("late answer");
    return effectsToResult(parseInterceptResponse(raw, request.id, context.backend), input.toolInput);
  } catch (error) {
    throw classifyFailure(error, deadline, { backend: context.backend, timeoutMs: context.timeoutMs, closed: context.lifetime.aborted });
  } finally {
    deadline.dispose();
  }
}

/**
 * Asks the backend about one tool call and applies the failure policy: under `fail-closed`
 * a failure is thrown (the node denies the call and reports it); under `fail-open` it is
 * reported through `reportError` and the backend has no opinion.
 */
async function screenRemotely(input: PreToolUseInput, context: RemoteContext): Promise<PreToolUseResult | undefined> {
  try {
    return await intercept(input, context);
  } catch (error) {
    const failure = error as RemoteHookError;
    if (context.failurePolicy === "fail-closed") throw failure;
    input.reportError(failure);
    return undefined;
  }
}

/**
 * Sends a notification without waiting for it: observation never delays the run. It has
 * its own deadline; a failure is classified and reported, and changes nothing.
 */
function forwardObservation(notification: ObserveNotification, context: RemoteContext, reportError: (error: unknown) => void): void {
  const deadline = startDeadline(context.observeTimeoutMs, [context.lifetime]);
  const delivery: Promise<void> = context.transport
    .notify(notification, deadline.signal)
    .catch((error: unknown) =>
      reportError(classifyFailure(error, deadline, { backend: context.backend, timeoutMs: context.observeTimeoutMs, closed: context.lifetime.aborted })),
    )
    .finally(() => {
      // A pending deadline timer would keep the host process alive for observeTimeoutMs.
      deadline.dispose();
      context.deliveries.delete(delivery);
    });
  context.deliveries.add(delivery);
}

function registrationsFor(options: ResolvedRemoteOptions, context: RemoteContext): CompiledHook["registrations"] {
  const matcher = options.matcher === undefined ? {} : { matcher: options.matcher };
  const registrations: Array<{ event: HookEvent; registration: HookRegistration<never> }> = [];
  const add = <E extends HookEvent>(event: E, registration: HookRegistration<E>): void => {
    registrations.push({ event, registration: registration as unknown as HookRegistration<never> });
  };
  add("PreToolUse", {
    ...matcher,
    // In shadow its verdicts are recorded under the backend's name.
    ...(options.shadow ? { shadow: true, name: options.backend } : {}),
    timeoutMs: options.timeoutMs + REGISTRATION_MARGIN_MS,
    hooks: [function remotePolicy(input: PreToolUseInput) {
      return screenRemotely(input, context);
    }],
  });
  const observerBound = options.observeTimeoutMs + REGISTRATION_MARGIN_MS;
  if (options.observe.includes("PostToolUse")) {
    add("PostToolUse", {
      ...matcher,
      timeoutMs: observerBound,
      hooks: [function remoteToolAfter(input: PostToolUseInput) {
        const event = toolAfterEvent(eventMeta(context.source, input.threadId, context.sessionId), input);
        forwardObservation(observeNotification(event), context, input.reportError);
      }],
    });
  }
  if (options.observe.includes("PostToolBatch")) {
    add("PostToolBatch", {
      ...matcher,
      timeoutMs: observerBound,
      hooks: [function remoteToolBatchAfter(input: PostToolBatchInput) {
        const event = toolBatchAfterEvent(eventMeta(context.source, input.threadId, context.sessionId), input.entries);
        forwardObservation(observeNotification(event), context, input.reportError);
      }],
    });
  }
  return registrations;
}

/**
 * Plugs a remote policy service — an Agent Hooks Protocol backend — into a
 * {@link HookRegistry}. Every matching tool call becomes a `hooks/intercept` JSON-RPC
 * request for a `tool.before` event (tool name, input, call id; the thread id as session id),
 * sent over HTTP or to a long-lived stdio child process, under `timeoutMs`. The answer's
 * effects become a PreToolUse decision: `deny` (with its reason), `ask` (a person decides;
 * optional `reason` and `allowedDecisions`), `allow`, and `modify` of the input
 * (= `updatedInput`); an empty list means no objection. Anything else — a malformed answer,
 * an id mismatch, a JSON-RPC error, a timeout, an unreachable backend — is a failure:
 * `fail-closed` (the default) denies the call with a reason naming the backend and the
 * failure class; `fail-open` gives no decision. Either way it reaches `onHookError` as a
 * {@link RemoteHookError}. Optional observers forward `tool.after` / `tool.batch.after` as
 * `hooks/observe` notifications, fire-and-forget. Each `tool.before` also carries the tool's
 * description, input JSON Schema and metadata in the `dev.langgraph-hitl.tool` extension. With
 * `shadow: true` the backend's answers are recorded and reported but never applied.
 *
 * @param options - See {@link RemoteHookOptions}.
 * @returns The registrations plus `close()`; call it on shutdown (it stops a stdio child).
 * @throws {HITLError} `INVALID_OPTIONS` at construction for an insecure or credential-bearing
 * URL, a URL with a fragment, a missing or out-of-range `timeoutMs`, an unknown option, or
 * `auth` with a stdio transport.
 * @example
 * ```ts
 * const policy = remoteHook({
 *   transport: { type: "http", url: "https://policy.internal.example/hooks" },
 *   timeoutMs: 2_000,
 *   failurePolicy: "fail-closed",
 *   auth: () => process.env.POLICY_TOKEN,
 * });
 * const tools = new ApprovalToolNode(allTools, { hooks: new HookRegistry().use(policy) });
 * process.on("SIGTERM", () => void policy.close());
 *
 * // Try a new policy service on real traffic first: recorded as additional_kwargs.hitl_shadow, never applied.
 * const candidate = remoteHook({ transport: { type: "http", url: "https://policy-v2.internal.example/hooks" }, timeoutMs: 1_000, shadow: true });
 * ```
 */
export function remoteHook(options: RemoteHookOptions): RemoteHook {
  const resolved = resolveRemoteOptions(options);
  const lifetime = new AbortController();
  const context: RemoteContext = {
    backend: resolved.backend,
    transport: createTransport(resolved),
    timeoutMs: resolved.timeoutMs,
    observeTimeoutMs: resolved.observeTimeoutMs,
    failurePolicy: resolved.failurePolicy,
    source: resolved.source,
    sessionId: `session_${randomUUID()}`,
    lifetime: lifetime.signal,
    deliveries: new Set(),
  };
  let closing: Promise<void> | undefined;
  return {
    backend: resolved.backend,
    registrations: registrationsFor(resolved, context),
    close: () => {
      closing ??= (async () => {
        lifetime.abort();
        await context.transport.close();
        await Promise.allSettled([...context.deliveries]);
      })();
      return closing;
    },
  };
}
