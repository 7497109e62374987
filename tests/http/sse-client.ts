/** One event as an SSE client reads it. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A minimal SSE client over Node's `fetch`, reading the response body as it arrives (WHATWG
 * parsing: `field: value` lines, a blank line ends an event, `:` lines are comments).
 */
export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  #position = 0;
  #ended = false;
  #wake: (() => void) | undefined;

  constructor(readonly response: Response) {
    void this.#read();
  }

  get ended(): boolean {
    return this.#ended;
  }

  async #read(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let current: Partial<ReceivedEvent> = {};
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === "") {
            if (current.data !== undefined) this.events.push({ id: current.id, event: current.event ?? "message", data: current.data });
            current = {};
            this.#wake?.();
          } else if (line.startsWith(":")) {
            this.comments.push(line.slice(1).trim());
            this.#wake?.();
          } else {
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "data") current.data = current.data === undefined ? text : `${current.data}\n${text}`;
            else if (field === "event") current.event = text;
            else if (field === "id") current.id = text;
            else if (field === "retry") this.retry = Number(text);
          }
        }
      }
    } catch {
      // The client aborted: the stream is over.
    } finally {
      this.#ended = true;
      this.#wake?.();
    }
  }

  async #until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; events so far: ${JSON.stringify(this.events.map((event) => event.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.#wake = () => (clearTimeout(timer), resolve());
      });
    }
  }

  /** The next event (after those already taken) that matches, with its `data` parsed as JSON. */
  async next(matches: (event: ReceivedEvent & { json: any }) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedEvent & { json: any }> {
    let found: (ReceivedEvent & { json: any }) | undefined;
    await this.#until(
      () => {
        while (found === undefined && this.#position < this.events.length) {
          const event = this.events[this.#position++]!;
          const parsed = { ...event, json: JSON.parse(event.data) };
          if (matches(parsed)) found = parsed;
        }
        if (found === undefined && this.#ended) throw new Error(`the stream ended before a matching event; events: ${JSON.stringify(this.events.map((event) => event.event))}`);
        return found !== undefined;
      },
      timeoutMs,
      "a matching event",
    );
    return found!;
  }

  async heartbeat(timeoutMs = 10_000): Promise<void> {
    await this.#until(() => this.comments.includes("heartbeat"), timeoutMs, "a heartbeat");
  }

  async end(timeoutMs = 10_000): Promise<void> {
    await this.#until(() => this.#ended, timeoutMs, "the end of the stream");
  }
}

/** Opens `url` as an event stream (as `EventSource` asks for it), with `headers` added; `abort()` hangs up. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<{ response: Response; reader: EventStreamReader; abort: () => void }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const reader = new EventStreamReader(response);
  return { response, reader, abort: () => controller.abort() };
}
