// Contract: which objects LangGraph's JsonPlusSerializer does not give back as written. The
// detector must find every one the stock serializer changes (it may find more: those are then
// round-tripped through the checkpointer's serializer, which has the last word).
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { canonicalJson } from "../../src/payload/canonical-json.js";
import { revivableRecordPath, revivableRecordSteps } from "../../src/langgraph/index.js";

const stock = new JsonPlusSerializer();

async function readBackChanges(value: unknown): Promise<boolean> {
  try {
    const [type, bytes] = await stock.dumpsTyped(value);
    return canonicalJson(await stock.loadsTyped(type, bytes)) !== canonicalJson(value);
  } catch {
    return true;
  }
}

const CHANGED: Array<[string, string]> = [
  ["a LangChain message", '{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"], "kwargs": {"content": "hi"}}'],
  ["a class LangChain cannot load", '{"lc": 1, "type": "constructor", "id": ["not_a_module", "Nope"], "kwargs": {}}'],
  ["undefined", '{"lc": 2, "type": "undefined"}'],
  ["a Set", '{"lc": 2, "type": "constructor", "id": ["Set"], "method": null, "args": [[1]]}'],
  ["a Map", '{"lc": 2, "type": "constructor", "id": ["Map"], "method": null, "args": [[["k", 1]]]}'],
  ["an Error", '{"lc": 2, "type": "constructor", "id": ["Error"], "method": null, "args": ["boom"]}'],
];

const KEPT: Array<[string, string]> = [
  ["a secret record", '{"lc": 1, "type": "secret", "id": ["API_KEY"]}'],
  ["a not_implemented record", '{"lc": 1, "type": "not_implemented", "id": ["x"]}'],
  ["a constructor record whose id is no array", '{"lc": 1, "type": "constructor", "id": "x"}'],
  ["lc as a string", '{"lc": "1", "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"], "kwargs": {}}'],
  ["lc: 3", '{"lc": 3, "type": "undefined"}'],
  ["plain data with an lc field", '{"lc": 0, "name": "x", "list": [1, {"lc": null}]}'],
];

describe("revivableRecordPath", () => {
  test.each(CHANGED)("finds %s, which the stock serializer does not give back as written, at any depth", async (_, record) => {
    const args = JSON.parse(`{"path": "/x", "opts": [1, {"inner": ${record}}]}`) as unknown;
    expect(await readBackChanges(args)).toBe(true);
    expect(revivableRecordPath(args)).toBe("args.opts[1].inner");
  });

  test.each(KEPT)("passes over %s, which the stock serializer gives back as written", async (_, record) => {
    const args = JSON.parse(`{"path": "/x", "v": ${record}}`) as unknown;
    expect(await readBackChanges(args)).toBe(false);
    expect(revivableRecordPath(args)).toBeUndefined();
  });

  test("names the first one, depth first in key order, from the root given", () => {
    const value = JSON.parse('[{"a": {"lc": 2, "type": "undefined"}}, {"lc": 2, "type": "undefined"}]') as unknown;
    expect(revivableRecordPath(value, "input")).toBe("input[0].a");
    expect(revivableRecordPath({ lc: 2, type: "undefined" })).toBe("args");
  });

  test("a path longer than 16 steps shows its first and last 8 and how many lie between", () => {
    let value: unknown = { lc: 2, type: "undefined" };
    for (let depth = 0; depth < 100; depth += 1) value = { a: value };
    expect(revivableRecordPath(value)).toBe(`args${".a".repeat(8)}…(84 more)…${".a".repeat(8)}`);
    expect(revivableRecordSteps(value)).toHaveLength(100);
  });

  test("does not look inside objects that are not plain data (a hook's Date or class instance)", () => {
    class Holder {
      inner = { lc: 2, type: "undefined" };
    }
    expect(revivableRecordPath({ at: new Date(0), holder: new Holder() })).toBeUndefined();
  });
});
