import { Validator } from "@langchain/core/utils/json_schema";
import { isUrlFormat } from "../../src/decisions/url-format.js";

const validator = new Validator({ type: "string", format: "url" } as never, "2020-12");
const validatorSays = (text: string): boolean => validator.validate(text).valid;

/** Short strings only: the validator's own expression takes seconds past ~35 characters of some. */
const SAMPLES = [
  "http://example.com",
  "https://a-b.c-d.example.co/x?y",
  "http://user:pass@host.io:8080/p",
  "http://1.2.3.4",
  "http://10.0.0.1",
  "http://255.255.255.255",
  "http://224.0.0.1",
  "ftp://xn--e1a.xn--p1ai",
  "http://a..b.com",
  "http://-a.com",
  "http://a-.com",
  "http://a--b.com",
  "http://é.com",
  "http://localhost",
  "HTTP://EXAMPLE.COM",
  "http://a.b.c.d.ef:65535/path with space",
  "http://@a.com",
  "http://a@b@c.com",
  "mailto:a@b.com",
  "",
];

/** A small deterministic generator (no flaky seeds): the same strings on every run. */
function* strings(count: number): Generator<string> {
  const alphabet = ["a", "b", "0", "1", "-", ".", ":", "@", "/", " ", "é", "h", "t", "p", "s", "x", "2", "5", "9", "?", "#"];
  const prefixes = ["http://", "https://", "ftp://", "http://a@", "htp://", "http://1", "http://10.", "http://192.168.", "http://172.16.", "http://a.b", ""];
  let state = 42;
  const next = (limit: number): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % limit;
  };
  for (let index = 0; index < count; index += 1) {
    let text = prefixes[index % prefixes.length]!;
    for (let length = 1 + (index % 14); length > 0; length -= 1) text += alphabet[next(alphabet.length)];
    yield text;
  }
}

describe("the url format, decided in linear time", () => {
  test.each(SAMPLES)("answers %j as the JSON Schema validator does", (text) => {
    expect(isUrlFormat(text)).toBe(validatorSays(text));
  });

  test("answers 50 000 generated short strings exactly as the validator installed does", () => {
    const disagreements: string[] = [];
    for (const text of strings(50_000)) if (isUrlFormat(text) !== validatorSays(text)) disagreements.push(text);
    expect(disagreements).toEqual([]);
  });

  test.each([
    ["a long host label with a trailing character", `http://${"a".repeat(100_000)}!`],
    ["many labels", `http://${"a.".repeat(50_000)}!`],
    ["many hyphenated labels", `http://${"a.a-".repeat(25_000)}!`],
    ["many @ signs", `http://${"a@a.aa".repeat(20_000)}!`],
  ])("refuses %s of 100 000 characters (the validator's own expression doubles its time with each character)", (_what, text) => {
    expect(isUrlFormat(text)).toBe(false);
  });
});
