import { thrownText } from "../../src/errors/thrown-text.js";

describe("thrownText: what a thrown value says, whatever was thrown", () => {
  test.each([
    ["an Error", new Error("boom"), "boom"],
    ["a TypeError", new TypeError("bad type"), "bad type"],
    ["a string", "plain", "plain"],
    ["a number", 42, "42"],
    ["undefined", undefined, "undefined"],
    ["a symbol", Symbol("s"), "Symbol(s)"],
    ["a plain object", { code: 1 }, "[object Object]"],
  ])("gives the text of %s", (_what, thrown, text) => {
    expect(thrownText(thrown)).toBe(text);
  });

  test.each([
    ["an object without a prototype", Object.create(null) as unknown],
    ["an object whose toString is not a function", { toString: 1 }],
    ["an object whose toString throws", { toString: () => { throw new Error("no"); } }],
    ["an Error whose message getter throws", Object.defineProperty(new Error("x"), "message", { get: () => { throw new Error("no"); } })],
    ["a revoked proxy", (() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; })()],
  ])("never throws for %s: it says it cannot be shown as text", (_what, thrown) => {
    expect(thrownText(thrown)).toBe("a thrown value that cannot be shown as text");
  });
});
