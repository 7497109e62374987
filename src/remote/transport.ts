import type { InterceptRequest, ObserveNotification } from "./protocol.js";

/**
 * Carries JSON-RPC messages to one backend. Failures it can classify are thrown as
 * `RemoteHookError` (`transport`, `protocol_rejection`); whatever it throws after `signal`
 * fired is reclassified by the caller as a deadline or a cancellation.
 */
export interface RemoteTransport {
  /** Sends a request and resolves with the parsed JSON answer (not yet validated). */
  request(message: InterceptRequest, signal: AbortSignal): Promise<unknown>;
  /** Delivers a notification; resolves once the backend accepted it (HTTP) or it was written (stdio). */
  notify(message: ObserveNotification, signal: AbortSignal): Promise<void>;
  /** Releases what the transport holds (a child process); in-flight calls fail. */
  close(): Promise<void>;
}

/** Most bytes one answer may have (the protocol's reference client uses the same frame budget). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
