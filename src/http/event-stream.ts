import { JSON_SAFETY_HEADERS } from "./problem.js";

/** One server-sent event: its `event` name and a JSON `data` value (the writer numbers it). */
export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** How an event stream behaves on the wire. */
export interface EventStreamTiming {
  /** A comment line is sent this often, so proxies and load balancers never see the stream idle. */
  heartbeatMs: number;
  /** The stream ends after this long; the client reconnects (and is authenticated again). */
  maxDurationMs: number;
  /** The `retry:` an `EventSource` waits before reconnecting. */
  retryMs: number;
}

/** Options of {@link eventStreamResponse}. */
export interface EventStreamOptions extends EventStreamTiming {
  /** Ends the stream when aborted: the request's own signal (client gone), the handler's shutdown. */
  signals: ReadonlyArray<AbortSignal | undefined>;
  /** The event sent, as the last one, when the source fails after the stream began. */
  errorEvent(error: unknown): ServerSentEvent;
}

/** Headers of every event stream: never cached, transformed, buffered by a proxy, or sniffed. */
export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  ...JSON_SAFETY_HEADERS,
  "cache-control": "no-store, no-transform",
  // nginx buffers proxied responses unless told not to; SSE must arrive as written.
  "x-accel-buffering": "no",
} as const;

const encoder = new TextEncoder();

/**
 * The wire form of one event (WHATWG HTML §9.2). JSON never holds a raw line break, so `data` is one line.
 *
 * @example
 * ```ts
 * new TextDecoder().decode(encodeEvent(1, { event: "raised", data: { a: 1 } })); // 'id: 1\nevent: raised\ndata: {"a":1}\n\n'
 * ```
 */
function encodeEvent(id: number, event: ServerSentEvent): Uint8Array {
  return encoder.encode(`id: ${id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data) ?? "null"}\n\n`);
}

function linkedController(signals: ReadonlyArray<AbortSignal | undefined>): AbortController {
  const stop = new AbortController();
  for (const signal of signals) {
    if (signal === undefined) continue;
    if (signal.aborted) stop.abort();
    else signal.addEventListener("abort", () => stop.abort(), { once: true, signal: stop.signal });
  }
  return stop;
}

/**
 * Streams events as `text/event-stream`. `open(signal)` makes the source; `signal` fires when the
 * stream must end (client gone, shutdown, `maxDurationMs`), and the source must then finish.
 * The first event is read before the response is made, so a source that fails at once (a refused
 * resume, an unreachable database) becomes the caller's error — a problem response, not a 200.
 * A failure after that is sent as `errorEvent(error)` and ends the stream. Events are numbered
 * (`id:`) from 1 per stream; heartbeats are SSE comments (`: heartbeat`).
 *
 * @param open - Makes the event source for this stream.
 * @param options - Timing, the signals that end it, the error event.
 * @returns The streaming response.
 * @throws Whatever the source throws before its first event.
 * @example
 * ```ts
 * return eventStreamResponse((signal) => inboxEvents(inbox, signal), { ...timing, signals: [request.signal], errorEvent: (e) => ({ event: "problem", data: problemFromError(e) }) });
 * ```
 */
export async function eventStreamResponse(open: (signal: AbortSignal) => AsyncIterable<ServerSentEvent>, options: EventStreamOptions): Promise<Response> {
  const stop = linkedController(options.signals);
  const iterator = open(stop.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<ServerSentEvent>;
  try {
    first = await iterator.next();
  } catch (error) {
    stop.abort();
    throw error;
  }
  let id = 0;
  let wakePump: (() => void) | undefined;
  const timers: Array<ReturnType<typeof setInterval>> = [];
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        const send = (bytes: Uint8Array): void => {
          if (open) controller.enqueue(bytes);
        };
        const finish = (): void => {
          if (!open) return;
          open = false;
          timers.forEach((timer) => clearInterval(timer));
          stop.abort();
          wakePump?.();
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        };
        stop.signal.addEventListener("abort", finish, { once: true });
        send(encoder.encode(`retry: ${options.retryMs}\n\n`));
        timers.push(setInterval(() => send(encoder.encode(": heartbeat\n\n")), options.heartbeatMs));
        timers.push(setTimeout(finish, options.maxDurationMs));
        if (first.done === true) return finish();
        send(encodeEvent((id += 1), first.value));
        void (async () => {
          try {
            for (;;) {
              // Backpressure: wait until the client has read what is queued.
              while (open && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (wakePump = resolve));
              if (!open) break;
              const next = await iterator.next();
              if (next.done === true) break;
              send(encodeEvent((id += 1), next.value));
            }
          } catch (error) {
            send(encodeEvent((id += 1), options.errorEvent(error)));
          } finally {
            finish();
            await iterator.return?.().catch(() => undefined);
          }
        })();
      },
      pull() {
        wakePump?.();
      },
      cancel() {
        stop.abort();
      },
    },
    { highWaterMark: 64 },
  );
  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}
