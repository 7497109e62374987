/**
 * Splits a byte stream into newline-terminated UTF-8 lines, as the stdio binding frames
 * messages (one JSON object per line). Throws on a line longer than `limit` bytes or on
 * invalid UTF-8; the caller treats either as a broken backend.
 */
export class LineDecoder {
  readonly #limit: number;
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });
  #pending: Buffer[] = [];
  #size = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Feeds a chunk; returns the lines it completed (without their newline). */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.#keep(chunk.subarray(start, end));
      lines.push(this.#decoder.decode(Buffer.concat(this.#pending)));
      this.#pending = [];
      this.#size = 0;
      start = end + 1;
    }
    if (start < chunk.length) this.#keep(chunk.subarray(start));
    return lines;
  }

  #keep(part: Buffer): void {
    this.#size += part.length;
    if (this.#size > this.#limit) throw new RangeError(`a line exceeds ${this.#limit} bytes`);
    this.#pending.push(part);
  }
}
