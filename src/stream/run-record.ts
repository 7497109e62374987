import { isInterrupted } from "@langchain/langgraph";
import { compiledGraphOf, type ChunkPart } from "./chunk-shape.js";

/**
 * What `graph.invoke` would have returned for a run, rebuilt from the root graph's `"values"`
 * chunks the way `invoke` builds it (pregel/index.js): the last values, restricted to the
 * graph's output channels, plus every `__interrupt__` entry when the run paused.
 *
 * @example
 * ```ts
 * const record = new RunRecord(graph);
 * for await (const chunk of stream) record.observe(splitChunk(chunk, false));
 * record.result(); // { messages: [...], __interrupt__: [...] }
 * ```
 */
export class RunRecord {
  readonly #outputKeys: readonly string[] | undefined;
  #latest: unknown = undefined;
  readonly #interrupts: unknown[] = [];

  /** @param graph - The graph; a compiled graph's `outputChannels` are what `invoke` returns (a `RemoteGraph` has none). */
  constructor(graph: object) {
    const channels = (compiledGraphOf(graph) as { outputChannels?: unknown }).outputChannels;
    this.#outputKeys = Array.isArray(channels) ? (channels as string[]) : undefined;
  }

  /** Takes note of one chunk of the run. */
  observe(part: ChunkPart): void {
    if (part.mode !== "values" || part.namespace.length > 0) return;
    if (isInterrupted(part.payload)) this.#interrupts.push(...(part.payload as { __interrupt__: unknown[] }).__interrupt__);
    else this.#latest = part.payload;
  }

  /** What `invoke` would have resolved to. */
  result(): unknown {
    const values = this.#outputValues();
    if (this.#interrupts.length === 0) return values;
    if (values === undefined || values === null) return { __interrupt__: this.#interrupts };
    return typeof values === "object" ? { ...values, __interrupt__: this.#interrupts } : values;
  }

  /** `stream` reads every state channel, `invoke` only the output channels (a graph's output schema). */
  #outputValues(): unknown {
    const latest = this.#latest;
    if (this.#outputKeys === undefined || typeof latest !== "object" || latest === null) return latest;
    const record = latest as Record<string, unknown>;
    return Object.fromEntries(this.#outputKeys.filter((key) => key in record).map((key) => [key, record[key]]));
  }
}
