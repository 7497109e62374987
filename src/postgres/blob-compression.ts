import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/** LangGraph's serializer protocol, as PostgresSaver takes it. */
type SerializerProtocol = NonNullable<ConstructorParameters<typeof PostgresSaver>[1]>;

/** Marks a stored type whose bytes are deflated: `json` becomes `json+deflate`. */
const SUFFIX = "+deflate";
/** Postgres itself only compresses rows past ~2 kB; most checkpoint values are smaller but compress well. */
const THRESHOLD_BYTES = 256;

/**
 * Deflates a serialised value when that saves at least a tenth of it. LangGraph's writes and
 * channel blobs are JSON (messages, interrupt payloads) and shrink two to four times.
 */
export function compressBlob(type: string, bytes: Uint8Array | undefined): [string, Uint8Array | undefined] {
  if (bytes === undefined || bytes.byteLength < THRESHOLD_BYTES || type.endsWith(SUFFIX)) return [type, bytes];
  const deflated = deflateRawSync(bytes);
  return deflated.byteLength <= bytes.byteLength * 0.9 ? [`${type}${SUFFIX}`, new Uint8Array(deflated)] : [type, bytes];
}

/** The saver's serializer, taught to read what {@link compressBlob} stored. Writing is unchanged. */
export class InflatingSerializer implements SerializerProtocol {
  readonly #inner: SerializerProtocol;

  constructor(inner: SerializerProtocol) {
    this.#inner = inner;
  }

  dumpsTyped(value: unknown): Promise<[string, Uint8Array]> {
    return this.#inner.dumpsTyped(value);
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    if (!type.endsWith(SUFFIX) || typeof data === "string") return this.#inner.loadsTyped(type, data);
    return this.#inner.loadsTyped(type.slice(0, -SUFFIX.length), new Uint8Array(inflateRawSync(data)));
  }
}
