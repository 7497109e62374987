/**
 * Remote policy hooks: an Agent Hooks Protocol backend (HTTP or stdio) as a PreToolUse hook.
 * This barrel is the contract of the `remote` folder and the `langgraph-hitl/remote` subpath
 * (the root entry does not load it: it needs `node:child_process`).
 */
export { remoteHook } from "./remote-hook.js";
export type { RemoteHook } from "./remote-hook.js";
export type {
  RemoteHookOptions,
  RemoteTransportOptions,
  HttpTransportOptions,
  StdioTransportOptions,
  FailurePolicy,
  RemoteAuth,
  RemoteAuthContext,
  RemoteObserverEvent,
} from "./options.js";
export { RemoteHookError, REMOTE_FAILURES, isRemoteHookError, findRemoteHookError } from "./remote-hook-error.js";
export type { RemoteFailure, RemoteHookErrorOptions } from "./remote-hook-error.js";
