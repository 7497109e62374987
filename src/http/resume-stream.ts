import type { StreamMode } from "@langchain/langgraph";
import { isHITLError } from "../errors/hitl-error.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import { resumeStream, type RunStream } from "../stream/index.js";
import type { ResumeResult } from "../host/resume.js";
import { eventStreamResponse, type ServerSentEvent } from "./event-stream.js";
import type { ResolvedHandlerOptions } from "./options.js";
import { problem, problemFromError, problemResponse } from "./problem.js";
import { cancelledAnswer, readResumeRequest, resumeAnswer, type ResumeRequest } from "./routes.js";

/** What a streamed resume sends unless the client asks otherwise: the graph's steps and the model's tokens. */
const DEFAULT_MODES: StreamMode[] = ["updates", "messages"];

type ResumeRun = RunStream<unknown, ResumeResult<unknown>>;

/** `?streamMode=updates,messages`: the modes asked for, or the default. */
function streamModesOf(url: URL): StreamMode[] {
  const asked = url.searchParams.getAll("streamMode").flatMap((value) => value.split(",")).map((mode) => mode.trim()).filter((mode) => mode !== "");
  return asked.length === 0 ? DEFAULT_MODES : (asked as StreamMode[]);
}

/** Pulls a run to its end without sending anything: it belongs to the thread, not to the connection that started it. */
async function finishUnwatched(iterator: AsyncIterator<unknown>, run: ResumeRun): Promise<void> {
  try {
    for (;;) if ((await iterator.next()).done === true) break;
  } catch {
    // Its outcome says how it ended; nobody is listening for it any more.
  }
  await run.outcome.catch(() => undefined);
}

/**
 * The resumed run as events: each chunk as an event named by its stream mode (`updates`,
 * `messages`, …) with the chunk as `data`, then one `outcome` event with the body the JSON route
 * answers. A hook's cancel ends it with an `outcome` whose `status` is `"cancelled"`.
 */
async function* resumeEvents(run: ResumeRun, resumed: ResumeRequest, options: ResolvedHandlerOptions): AsyncGenerator<ServerSentEvent> {
  const iterator = run[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) break;
      const [mode, data] = next.value as [string, unknown];
      yield { event: mode, data };
    }
    ended = true;
    yield { event: "outcome", data: resumeAnswer(resumed, await run.outcome) };
  } catch (error) {
    ended = true;
    if (!isHITLError(error, "RUN_CANCELLED")) throw error;
    yield { event: "outcome", data: await cancelledAnswer(resumed, error, options) };
  } finally {
    // The client went away or the stream reached its time bound: the run still goes on to its end,
    // as a JSON resume whose client hung up does (stopping it would cut off a tool mid-call).
    if (!ended) void finishUnwatched(iterator, run);
  }
}

/**
 * `POST /threads/:threadId/resume` with `Accept: text/event-stream`: the same checks as the
 * JSON route (a refusal is the same problem response, before anything streams), then the resumed
 * run as server-sent events — one per chunk, named by its stream mode (`?streamMode=updates,messages`,
 * the default; any of LangGraph's modes), then `outcome` with the JSON route's body. A failure
 * after the stream began ends it with a `problem` event. The run is the thread's, not the
 * connection's: a client that disconnects stops receiving events, and the run goes on to its end.
 *
 * @example
 * ```ts
 * if (wantsEventStream(request)) return streamResumeThread(request, threadId, reviewer, options, closing.signal);
 * ```
 */
export async function streamResumeThread(request: Request, threadId: string, reviewer: Reviewer, options: ResolvedHandlerOptions, closing: AbortSignal): Promise<Response> {
  if (closing.aborted) return problemResponse(problem("SHUTTING_DOWN", "The server is shutting down; connect again."));
  const resumed = await readResumeRequest(request, threadId, reviewer, options);
  if (resumed instanceof Response) return resumed;
  const run = (await resumeStream(options.graph, resumed.config, resumed.value, { ...resumed.options, streamMode: streamModesOf(new URL(request.url)) })) as ResumeRun;
  return eventStreamResponse(() => resumeEvents(run, resumed, options), {
    ...options.eventStream,
    signals: [request.signal, closing],
    errorEvent: (error) => ({ event: "problem", data: problemFromError(error) }),
  });
}
