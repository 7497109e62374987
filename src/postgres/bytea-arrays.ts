import pg from "pg";

/** Postgres's type oid of `bytea[]`, the type of LangGraph's `array_agg(array[… ::bytea, blob])` columns. */
const BYTEA_ARRAY_OID = 1001;

/** pg's registry of type parsers (its typings list only the scalar types' oids). */
const registeredParser = pg.types.getTypeParser as (oid: number, format: "text" | "binary") => unknown;

/** What a parse of the fast path cannot read (and hands to pg's own parser). */
const NOT_FAST = Symbol("not fast");

type ByteaArray = Array<Buffer | null | ByteaArray>;

/**
 * Reads one quoted hex element (`"\\x0a1b"`, the only form Postgres gives a `bytea` inside an
 * array under `bytea_output = 'hex'`) starting at the opening quote, or says it is not one.
 */
function quotedHex(text: string, at: number): { value: Buffer; next: number } | typeof NOT_FAST {
  // `"\\x`: the quote, an escaped backslash, then `x`.
  if (text.charCodeAt(at + 1) !== 92 || text.charCodeAt(at + 2) !== 92 || text.charCodeAt(at + 3) !== 120) return NOT_FAST;
  const end = text.indexOf('"', at + 4);
  if (end === -1) return NOT_FAST;
  const hex = text.slice(at + 4, end);
  const value = Buffer.from(hex, "hex");
  // Buffer.from stops at the first character that is not a hex pair: a short buffer means the element was not plain hex.
  if (value.length * 2 !== hex.length) return NOT_FAST;
  return { value, next: end + 1 };
}

/**
 * The fast path of {@link parseByteaArray}, for exactly what Postgres writes: `{`, items
 * separated by `,`, `}`, where an item is a nested array, `NULL` or a quoted hex element — in
 * one pass, with no copy of the rest of the text. Anything else (spaces, another element form,
 * a missing separator) is {@link NOT_FAST}.
 */
function parseHexArray(text: string): ByteaArray | typeof NOT_FAST {
  const open: ByteaArray[] = [];
  // What may come next: an item (or the end of an empty array), or a separator after one.
  let expectItem = true;
  let position = 0;
  while (position < text.length) {
    const code = text.charCodeAt(position);
    const current = open[open.length - 1];
    if (code === 123 /* { */ && expectItem) {
      const nested: ByteaArray = [];
      current?.push(nested);
      open.push(nested);
      position += 1;
    } else if (code === 125 /* } */ && current !== undefined && (!expectItem || current.length === 0)) {
      open.pop();
      position += 1;
      expectItem = false;
      if (open.length === 0) return position === text.length ? current : NOT_FAST;
    } else if (code === 44 /* , */ && current !== undefined && !expectItem) {
      position += 1;
      expectItem = true;
    } else if (code === 34 /* " */ && current !== undefined && expectItem) {
      const element = quotedHex(text, position);
      if (element === NOT_FAST) return NOT_FAST;
      current.push(element.value);
      position = element.next;
      expectItem = false;
    } else if (code === 78 /* N */ && current !== undefined && expectItem && text.startsWith("NULL", position)) {
      current.push(null);
      position += 4;
      expectItem = false;
    } else {
      return NOT_FAST;
    }
  }
  return NOT_FAST;
}

/**
 * Whether `parser` is pg's own `bytea[]` parser (pg-types names it `parseByteAArray`). An
 * application that registered its own keeps it; a later pg-types that renames it only loses
 * the fast path (a test checks that the installed one still has it).
 */
function isPgByteaArrayParser(parser: unknown): boolean {
  return typeof parser === "function" && parser.name === "parseByteAArray";
}

/**
 * Parses a `bytea[]` value in Postgres's text format into the same nested arrays of `Buffer`
 * (and `null`) pg's own parser returns — in one linear pass. pg's parser (`postgres-array`)
 * walks the text one character at a time, allocating for each, and copies the rest of the text
 * for every nested array: reading a checkpoint whose pending writes hold a 50-call approval
 * took ≈ 6 ms of CPU in it. A value this pass does not recognise (another `bytea_output`, a
 * lower bound other than 1) goes to `fallback`, pg's parser, so the result never differs.
 *
 * @param text - The column's text, as Postgres sent it.
 * @param fallback - pg's own `bytea[]` parser.
 * @returns Nested arrays of `Buffer` and `null`, as pg's `bytea[]` parser returns them.
 * @example
 * ```ts
 * parseByteaArray('{{"\\\\x6869",NULL}}', pg.types.getTypeParser(1001, "text")); // [[<Buffer 68 69>, null]]
 * ```
 */
export function parseByteaArray(text: string, fallback: (text: string) => unknown): unknown {
  const parsed = parseHexArray(text);
  return parsed === NOT_FAST ? fallback(text) : parsed;
}

let fastParsers: { over: unknown; parse: (text: string) => unknown } | undefined;

/** {@link parseByteaArray} over pg's parser `pgParser`, made once per parser. */
function fastParserOver(pgParser: (text: string) => unknown): (text: string) => unknown {
  if (fastParsers?.over !== pgParser) fastParsers = { over: pgParser, parse: (text) => parseByteaArray(text, pgParser) };
  return fastParsers.parse;
}

/**
 * Type parsers for the queries LangGraph's saver sends through this library's pool: pg's own
 * for every type (`pg.types`, with whatever the application registered there), except
 * `bytea[]` in text format, read by {@link parseByteaArray} unless the application registered
 * its own parser for it.
 */
export const FAST_BYTEA_TYPES = {
  getTypeParser(oid: number, format: "text" | "binary" = "text"): unknown {
    const registered = registeredParser(oid, format);
    if (oid === BYTEA_ARRAY_OID && format === "text" && isPgByteaArrayParser(registered)) return fastParserOver(registered as (text: string) => unknown);
    return registered;
  },
};
