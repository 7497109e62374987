import type { RemoteAuth } from "./options.js";
import type { InterceptRequest, ObserveNotification } from "./protocol.js";
import { RemoteHookError } from "./remote-hook-error.js";
import { MAX_MESSAGE_BYTES, type RemoteTransport } from "./transport.js";

// A token with whitespace or control characters could split or forge header lines.
const UNSAFE_TOKEN = /[\s\x00-\x1f\x7f]/;

function errorCode(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === "string" && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : "";
}

function statusFailure(backend: string, status: number): RemoteHookError {
  const detail =
    status >= 300 && status < 400
      ? `HTTP ${status}: a redirect, which is never followed`
      : status === 401 || status === 403
        ? `HTTP ${status}: the backend refused the credentials`
        : `unexpected HTTP status ${status}`;
  return new RemoteHookError(backend, "transport", detail, { httpStatus: status });
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function discard(response: Response): void {
  void response.body?.cancel().catch(() => undefined);
}

async function readText(response: Response, backend: string): Promise<string> {
  const body = response.body;
  if (body === null) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  let text = "";
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return text + decoder.decode();
      bytes += chunk.value.byteLength;
      if (bytes > MAX_MESSAGE_BYTES) throw new RemoteHookError(backend, "protocol_rejection", `the answer exceeds ${MAX_MESSAGE_BYTES} bytes`);
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch (error) {
    if (error instanceof TypeError && (error as { code?: unknown }).code === "ERR_ENCODING_INVALID_ENCODED_DATA") {
      throw new RemoteHookError(backend, "protocol_rejection", "the answer is not valid UTF-8");
    }
    throw error;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/**
 * The HTTP binding: one JSON-RPC object per `POST`, `application/json` both ways; `200` with
 * a body for a request, `202`/`204` for a notification; redirects are never followed (a 3xx
 * is a failure, so neither the request nor its token reaches another origin).
 */
export class HttpTransport implements RemoteTransport {
  readonly #url: URL;
  readonly #backend: string;
  readonly #auth: RemoteAuth | undefined;

  constructor(url: URL, backend: string, auth: RemoteAuth | undefined) {
    this.#url = url;
    this.#backend = backend;
    this.#auth = auth;
  }

  async request(message: InterceptRequest, signal: AbortSignal): Promise<unknown> {
    const response = await this.#post(message, signal);
    try {
      if (response.status !== 200) throw statusFailure(this.#backend, response.status);
      const mediaType = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (mediaType !== "application/json") throw new RemoteHookError(this.#backend, "protocol_rejection", "the answer is not application/json");
      const text = await readText(response, this.#backend);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new RemoteHookError(this.#backend, "protocol_rejection", "the answer is not valid JSON");
      }
    } finally {
      discard(response);
    }
  }

  async notify(message: ObserveNotification, signal: AbortSignal): Promise<void> {
    const response = await this.#post(message, signal);
    discard(response);
    if (response.status !== 202 && response.status !== 204) throw statusFailure(this.#backend, response.status);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  async #post(message: InterceptRequest | ObserveNotification, signal: AbortSignal): Promise<Response> {
    const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
    const token = await this.#token(signal);
    if (token !== undefined) headers.set("authorization", `Bearer ${token}`);
    try {
      return await fetch(this.#url, { method: "POST", headers, body: JSON.stringify(message), redirect: "manual", signal });
    } catch (error) {
      throw new RemoteHookError(this.#backend, "transport", `the backend could not be reached${errorCode(error)}`, { cause: error });
    }
  }

  async #token(signal: AbortSignal): Promise<string | undefined> {
    if (this.#auth === undefined) return undefined;
    let token: unknown;
    try {
      // The callback gets the call's signal but may ignore it: the deadline must hold anyway.
      token = await untilAborted(Promise.resolve().then(() => this.#auth!({ origin: this.#url.origin, signal })), signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new RemoteHookError(this.#backend, "transport", "the auth callback failed", { cause: error });
    }
    if (token === undefined) return undefined;
    // The token itself is never put in a message, whatever is wrong with it.
    if (typeof token !== "string" || token === "" || UNSAFE_TOKEN.test(token)) {
      throw new RemoteHookError(this.#backend, "transport", "the auth callback returned an unusable token");
    }
    return token;
  }
}
