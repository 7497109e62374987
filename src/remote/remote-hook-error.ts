import { HITLError, isHITLError, type HITLErrorDetail } from "../errors/hitl-error.js";

/**
 * How a remote policy call failed — the Agent Hooks Protocol's diagnostic classes:
 * - `deadline_exceeded`: no valid answer within `timeoutMs` (a late answer is ignored);
 * - `transport`: the backend could not be reached or answered outside the binding
 *   (connection refused, non-success HTTP status, a redirect, a process that exited, auth failed);
 * - `protocol_rejection`: the answer was not valid protocol (malformed JSON or JSON-RPC, an id
 *   mismatch, an unknown, unadvertised or conflicting effect);
 * - `remote_rpc`: the backend answered with a JSON-RPC error;
 * - `cancelled`: the run was cancelled, or the hook closed, before an answer arrived.
 */
export type RemoteFailure = "deadline_exceeded" | "transport" | "protocol_rejection" | "remote_rpc" | "cancelled";

/** Every {@link RemoteFailure}, for exhaustive handling. */
export const REMOTE_FAILURES: readonly RemoteFailure[] = ["deadline_exceeded", "transport", "protocol_rejection", "remote_rpc", "cancelled"];

/** Context a {@link RemoteHookError} may carry besides its class. */
export interface RemoteHookErrorOptions {
  /** The JSON-RPC error code, for `remote_rpc`. */
  rpcCode?: number;
  /** The HTTP status received, when the backend answered with an unexpected one. */
  httpStatus?: number;
  /** Where the answer broke the protocol, for `protocol_rejection` (never the raw answer). */
  details?: HITLErrorDetail[];
  cause?: unknown;
}

/**
 * A remote policy backend failed (code `REMOTE_HOOK_FAILED`). Its message names the backend
 * and the failure class and nothing the backend sent, so it is safe to show to the model;
 * it never names the tool. With `failurePolicy: "fail-closed"` it denies the call; with
 * `"fail-open"` it only reaches `onHookError`.
 *
 * It is a {@link HITLError} (`name === "HITLError"`), so `isHITLError(error, "REMOTE_HOOK_FAILED")`
 * recognises it; use {@link findRemoteHookError} to read `failure` from whatever `onHookError` received.
 *
 * @example
 * ```ts
 * onHookError: (error) => {
 *   const remote = findRemoteHookError(error);
 *   if (remote) metrics.increment(`policy.${remote.backend}.${remote.failure}`);
 * }
 * ```
 */
export class RemoteHookError extends HITLError {
  /** The diagnostic class of the failure. */
  readonly failure: RemoteFailure;
  /** The backend's name (the `name` option, or the endpoint's host / the command's file name). */
  readonly backend: string;
  readonly rpcCode: number | undefined;
  readonly httpStatus: number | undefined;

  constructor(backend: string, failure: RemoteFailure, detail: string, options: RemoteHookErrorOptions = {}) {
    super("REMOTE_HOOK_FAILED", `policy backend "${backend}" failed: ${failure} (${detail})`, {
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.failure = failure;
    this.backend = backend;
    this.rpcCode = options.rpcCode;
    this.httpStatus = options.httpStatus;
  }

  /** A plain, JSON-safe view, with the failure class and backend. */
  override toJSON(): ReturnType<HITLError["toJSON"]> & { failure: RemoteFailure; backend: string; rpcCode?: number; httpStatus?: number } {
    return {
      ...super.toJSON(),
      failure: this.failure,
      backend: this.backend,
      ...(this.rpcCode === undefined ? {} : { rpcCode: this.rpcCode }),
      ...(this.httpStatus === undefined ? {} : { httpStatus: this.httpStatus }),
    };
  }
}

/**
 * True when `error` is a {@link RemoteHookError} (optionally of the given class). Checks by
 * name, code and fields rather than `instanceof`, so it survives duplicated package copies.
 *
 * @example
 * ```ts
 * if (isRemoteHookError(error, "deadline_exceeded")) alertOnCall("policy service is slow");
 * ```
 */
export function isRemoteHookError(error: unknown, failure?: RemoteFailure): error is RemoteHookError {
  if (!isHITLError(error, "REMOTE_HOOK_FAILED")) return false;
  const candidate = error as { failure?: unknown; backend?: unknown };
  if (typeof candidate.failure !== "string" || typeof candidate.backend !== "string") return false;
  return failure === undefined || candidate.failure === failure;
}

/**
 * The {@link RemoteHookError} behind `error`: the error itself or one of its causes. A
 * fail-closed failure reaches `onHookError` wrapped by the node's report of the denied call;
 * a fail-open or observer failure arrives as is.
 *
 * @returns The remote failure, or `undefined` when `error` has none.
 * @example
 * ```ts
 * new ApprovalToolNode(tools, { hooks, onHookError: (error) => log.warn(findRemoteHookError(error)?.failure) });
 * ```
 */
export function findRemoteHookError(error: unknown): RemoteHookError | undefined {
  let current: unknown = error;
  // A bound on the walk: a cause chain can be cyclic.
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    if (isRemoteHookError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
