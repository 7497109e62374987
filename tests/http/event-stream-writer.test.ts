import { eventStreamResponse, type ServerSentEvent } from "../../src/http/index.js";
import { EventStreamReader } from "./sse-client.js";

const timing = { heartbeatMs: 60_000, maxDurationMs: 60_000, retryMs: 1_000 };
const errorEvent = (error: unknown): ServerSentEvent => ({ event: "problem", data: { detail: String((error as Error).message) } });

/** What a streamed resume looks like to the writer: LangGraph's chunks, then the final outcome. */
async function* resumedRun(chunks: number, fail?: "before" | "after"): AsyncGenerator<ServerSentEvent> {
  if (fail === "before") throw new Error("refused before the first chunk");
  for (let index = 0; index < chunks; index += 1) yield { event: "chunk", data: ["updates", { step: index }] };
  if (fail === "after") throw new Error("lost mid-run");
  yield { event: "outcome", data: { status: "completed", submission: "applied" } };
}

describe("eventStreamResponse (the writer every streamed route uses)", () => {
  test("streams any async iterable as numbered events, then its final outcome, then ends", async () => {
    const response = await eventStreamResponse(() => resumedRun(3), { ...timing, signals: [], errorEvent });
    const reader = new EventStreamReader(response);
    await reader.end();
    expect(reader.events.map((event) => [event.id, event.event])).toEqual([["1", "chunk"], ["2", "chunk"], ["3", "chunk"], ["4", "outcome"]]);
    expect(JSON.parse(reader.events[3]!.data)).toEqual({ status: "completed", submission: "applied" });
  });

  test("a source that fails before its first event throws, so the route can answer with a problem instead of a 200", async () => {
    await expect(eventStreamResponse(() => resumedRun(3, "before"), { ...timing, signals: [], errorEvent })).rejects.toThrow("refused before the first chunk");
  });

  test("a source that fails after the stream began ends it with the error event", async () => {
    const reader = new EventStreamReader(await eventStreamResponse(() => resumedRun(2, "after"), { ...timing, signals: [], errorEvent }));
    await reader.end();
    expect(reader.events.map((event) => event.event)).toEqual(["chunk", "chunk", "problem"]);
    expect(JSON.parse(reader.events[2]!.data)).toEqual({ detail: "lost mid-run" });
  });

  test("cancelling the body (the client went away) aborts the source's signal and returns its iterator", async () => {
    let seen: AbortSignal | undefined;
    let returned = false;
    async function* endless(signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
      seen = signal;
      try {
        for (let index = 0; !signal.aborted; index += 1) {
          yield { event: "chunk", data: index };
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        returned = true;
      }
    }
    const response = await eventStreamResponse(endless, { ...timing, signals: [], errorEvent });
    const body = response.body!.getReader();
    await body.read();
    await body.cancel();
    expect(seen?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(returned).toBe(true);
  });

  test("an outside signal (the handler's shutdown) ends the stream", async () => {
    const shutdown = new AbortController();
    async function* idle(signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
      yield { event: "snapshot", data: [] };
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
    }
    const reader = new EventStreamReader(await eventStreamResponse(idle, { ...timing, signals: [shutdown.signal], errorEvent }));
    await reader.next();
    shutdown.abort();
    await reader.end();
  });

  test("a client that does not read holds the source back (backpressure): it is not drained into memory", async () => {
    let produced = 0;
    async function* fast(signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
      while (!signal.aborted && produced < 100_000) {
        produced += 1;
        yield { event: "chunk", data: produced };
      }
    }
    const response = await eventStreamResponse(fast, { ...timing, signals: [], errorEvent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(produced).toBeLessThan(1_000);
    await response.body!.cancel();
  });
});
