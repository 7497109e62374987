import { BoundedMemo } from "../../src/postgres/bounded-memo.js";
import { fencedPutSql, fencedWritesSql } from "../../src/postgres/continuation/fence-sql.js";

function counting(memo: BoundedMemo<string>) {
  const derived: string[] = [];
  const get = (key: string) => memo.get(key, () => (derived.push(key), `value of ${key}`));
  return { derived, get };
}

describe("a bounded memo", () => {
  it("derives a key's value once and hands back the kept value after that", () => {
    const { derived, get } = counting(new BoundedMemo<string>(4));
    expect([get("a"), get("a"), get("b"), get("a")]).toEqual(["value of a", "value of a", "value of b", "value of a"]);
    expect(derived).toEqual(["a", "b"]);
  });

  it("keeps at most `limit` keys, evicting the oldest first", () => {
    const { derived, get } = counting(new BoundedMemo<string>(2));
    ["a", "b", "c"].forEach(get);
    get("c");
    get("b");
    get("a");
    expect(derived).toEqual(["a", "b", "c", "a"]);
  });

  it("keeps nothing for a key whose derivation throws, and derives it again next time", () => {
    const memo = new BoundedMemo<string>(2);
    expect(() => memo.get("k", () => { throw new Error("no"); })).toThrow("no");
    expect(memo.get("k", () => "now")).toBe("now");
  });

  it("keeps a value that is undefined instead of deriving it again", () => {
    const memo = new BoundedMemo<string | undefined>(2);
    let calls = 0;
    memo.get("k", () => ((calls += 1), undefined));
    memo.get("k", () => ((calls += 1), undefined));
    expect(calls).toBe(1);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a limit of %p with a RangeError", (limit) => {
    expect(() => new BoundedMemo<string>(limit)).toThrow(RangeError);
  });
});

describe("the fenced write statements", () => {
  it("are one text per schema, and per upsert for the writes", () => {
    expect(fencedPutSql("alpha")).toBe(fencedPutSql("alpha"));
    expect(fencedPutSql("alpha")).not.toBe(fencedPutSql("beta"));
    expect(fencedPutSql("alpha")).toContain('"alpha".');
    expect(fencedWritesSql("alpha", true)).not.toBe(fencedWritesSql("alpha", false));
    expect(fencedWritesSql("alpha", true)).toContain("ON CONFLICT");
    expect(fencedWritesSql("beta", false)).toContain('"beta".');
  });
});
