import { canWatch, pollingHints, type PendingInterruptChange } from "../inbox/change-feed.js";
import { watchInbox } from "../inbox/watch-inbox.js";
import { eventStreamResponse, type ServerSentEvent } from "./event-stream.js";
import type { ResolvedHandlerOptions } from "./options.js";
import { problemFromError } from "./problem.js";

/**
 * Whether the client asked for an event stream: its `Accept` lists `text/event-stream` (as
 * `EventSource` sends it) with a non-zero quality.
 *
 * @example
 * ```ts
 * wantsEventStream(new Request(url, { headers: { accept: "text/event-stream" } })); // true
 * ```
 */
export function wantsEventStream(request: Request): boolean {
  return (request.headers.get("accept") ?? "").split(",").some((range) => {
    const [type = "", ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    return type === "text/event-stream" && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

function inboxChanges(options: ResolvedHandlerOptions, signal: AbortSignal): AsyncIterable<PendingInterruptChange> {
  const { inbox } = options;
  // An inbox that cannot push (an Agent Server's thread search) is re-read on a timer, here rather than in every browser.
  return canWatch(inbox) ? inbox.watchPendingInterrupts({ signal }) : watchInbox(inbox, pollingHints(options.eventStream.pollMs), { signal });
}

async function* asEvents(changes: AsyncIterable<PendingInterruptChange>): AsyncGenerator<ServerSentEvent> {
  for await (const change of changes) yield { event: change.type, data: change };
}

/**
 * `GET /interrupts` with `Accept: text/event-stream`: the inbox's changes as server-sent events
 * `snapshot` (always first, on every connection), `raised`, `resolved` and `expired`, each
 * `data` the {@link PendingInterruptChange} as JSON. A reconnecting client gets a new
 * `snapshot` (`Last-Event-ID` is not replayed: the snapshot replaces what it held). A failure
 * after the stream began ends it with a `problem` event.
 *
 * @example
 * ```ts
 * if (wantsEventStream(request)) return streamInterrupts(request, options, closing.signal);
 * ```
 */
export function streamInterrupts(request: Request, options: ResolvedHandlerOptions, closing: AbortSignal): Promise<Response> {
  return eventStreamResponse((signal) => asEvents(inboxChanges(options, signal)), {
    ...options.eventStream,
    signals: [request.signal, closing],
    errorEvent: (error) => ({ event: "problem", data: problemFromError(error) }),
  });
}
