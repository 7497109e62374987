// The linear bytea[] parser LangGraph's reads go through (src/postgres/bytea-arrays.ts) must give
// exactly what pg's own parser gives, or hand the text to pg's parser: compared here on texts of
// the form Postgres writes and on random near-misses of it.
import pg from "pg";
import { seededRandom } from "../../bench/support/random.js";
import { FAST_BYTEA_TYPES, parseByteaArray } from "../../src/postgres/bytea-arrays.js";

const pgParser = pg.types.getTypeParser(1001 as never, "text") as (text: string) => unknown;

/** What a parse gave: its value, or that it threw (and what). */
function outcome(parse: () => unknown): unknown {
  try {
    return { value: parse() };
  } catch (error) {
    return { threw: String(error) };
  }
}

type Nested = Array<Buffer | null | Nested>;

/** Postgres's text form of a bytea[] value (hex output): how array_out writes it. */
function arrayText(value: Nested): string {
  return `{${value.map((item) => (item === null ? "NULL" : Buffer.isBuffer(item) ? `"\\\\x${item.toString("hex")}"` : arrayText(item))).join(",")}}`;
}

function randomNested(random: () => number, depth: number): Nested {
  const length = Math.floor(random() * 5);
  return Array.from({ length }, () => {
    const pick = random();
    if (depth > 0 && pick < 0.3) return randomNested(random, depth - 1);
    if (pick < 0.4) return null;
    return Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)));
  });
}

describe("parseByteaArray reads what Postgres writes as pg's parser does", () => {
  test.each([
    ["an empty array", "{}"],
    ["one element", '{"\\\\x6869"}'],
    ["an empty bytea", '{"\\\\x"}'],
    ["NULL elements", '{NULL,"\\\\x00",NULL}'],
    ["a two-level array, as LangGraph's pending writes come", '{{"\\\\x7461736b","\\\\x6d65","\\\\x6a736f6e","\\\\x7b7d"},{"\\\\x74","\\\\x63","\\\\x6a","\\\\x5b5d"}}'],
    ["an empty nested array", "{{}}"],
    ["uppercase hex", '{"\\\\xABCDEF"}'],
  ])("%s", (_name, text) => {
    const fast = parseByteaArray(text, () => {
      throw new Error("fell back");
    });
    expect(fast).toEqual(pgParser(text));
  });

  test("500 random arrays up to three levels deep, written as Postgres writes them, parse alike without falling back", () => {
    const random = seededRandom(26);
    for (let index = 0; index < 500; index += 1) {
      const value = randomNested(random, 2);
      const text = arrayText(value);
      const fast = parseByteaArray(text, () => {
        throw new Error(`fell back on ${text}`);
      });
      expect(fast).toEqual(pgParser(text));
      expect(fast).toEqual(value);
    }
  });

  test("of 20 000 near-misses (texts Postgres writes with a character deleted, or a piece inserted), each one the fast path answers itself, pg's parser answers alike", () => {
    // Only those: pg's parser never returns on some malformed text (a stray backslash outside hex),
    // and a text the fast path hands over is parsed by pg's parser by construction.
    const random = seededRandom(2026);
    const pieces = ["{", "}", ",", '"', "\\\\x", "x", "NULL", "NUL", "0a", "f", "g", " ", "[0:1]=", "{}", '"\\\\x"'];
    const at = (length: number) => Math.floor(random() * (length + 1));
    let fastAnswers = 0;
    let handedOver = 0;
    for (let index = 0; index < 20_000; index += 1) {
      let text = arrayText(randomNested(random, 2));
      const cut = at(text.length - 1);
      text = random() < 0.5 ? text.slice(0, cut) + text.slice(cut + 1) : text.slice(0, cut) + pieces[Math.floor(random() * pieces.length)] + text.slice(cut);
      let fellBack = false;
      const fast = outcome(() =>
        parseByteaArray(text, () => {
          fellBack = true;
          return undefined;
        }),
      );
      if (fellBack) {
        handedOver += 1;
        continue;
      }
      fastAnswers += 1;
      expect({ text, parsed: fast }).toEqual({ text, parsed: outcome(() => pgParser(text)) });
    }
    expect(fastAnswers).toBeGreaterThan(300);
    expect(handedOver).toBeGreaterThan(1_000);
  });

  test.each([
    ["the escape output format", '{"\\\\000ab"}'],
    ["a lower bound other than 1", '[0:1]={"\\\\x01","\\\\x02"}'],
    ["an odd number of hex digits", '{"\\\\x012"}'],
    ["a character that is not hex", '{"\\\\x0g"}'],
    ["a quoted element that is not hex", '{"abc"}'],
    ["an unquoted element", '{"\\\\x01",abc}'],
  ])("hands %s to pg's parser", (_name, text) => {
    let fellBack = false;
    const fast = parseByteaArray(text, (given) => {
      fellBack = true;
      return pgParser(given);
    });
    expect(fellBack).toBe(true);
    expect(fast).toEqual(pgParser(text));
  });
});

describe("which parser the saver's reads use", () => {
  test("pg's own bytea[] parser is recognised: the saver's queries read bytea[] with the fast parser, every other type with pg's", () => {
    const parser = FAST_BYTEA_TYPES.getTypeParser(1001, "text") as (text: string) => unknown;
    expect(parser).not.toBe(pgParser);
    expect(parser('{"\\\\x6869"}')).toEqual([Buffer.from("hi")]);
    expect(FAST_BYTEA_TYPES.getTypeParser(1001, "binary")).toBe(pg.types.getTypeParser(1001 as never, "binary"));
    expect(FAST_BYTEA_TYPES.getTypeParser(17, "text")).toBe(pg.types.getTypeParser(17, "text"));
    expect(FAST_BYTEA_TYPES.getTypeParser(3802, "text")).toBe(pg.types.getTypeParser(3802 as never, "text"));
  });

  test("an application's own bytea[] parser, registered with pg.types, is kept", () => {
    const own = (text: string) => `own:${text}`;
    pg.types.setTypeParser(1001 as never, "text", own);
    try {
      expect(FAST_BYTEA_TYPES.getTypeParser(1001, "text")).toBe(own);
    } finally {
      pg.types.setTypeParser(1001 as never, "text", pgParser);
    }
    expect(FAST_BYTEA_TYPES.getTypeParser(1001, "text")).not.toBe(pgParser);
  });
});
