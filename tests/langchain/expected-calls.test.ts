import type { ToolCall } from "@langchain/core/messages/tool";
import { ExpectedCalls } from "../../src/langchain/expected-calls.js";

const call = (id: string | undefined, name = "lookup"): ToolCall => ({ ...(id === undefined ? {} : { id }), name, args: {}, type: "tool_call" });

/** The definitions the lookups replace: a scan of the expected calls, first match wins. */
const scanHas = (expected: readonly ToolCall[], arrived: ToolCall) => expected.some((candidate) => candidate === arrived || (candidate.id != null && candidate.id === arrived.id));
const scanPosition = (expected: readonly ToolCall[], arrived: ToolCall) => {
  const index = expected.findIndex((candidate) => candidate === arrived || (candidate.id != null && candidate.id === arrived.id));
  return index === -1 ? expected.length : index;
};

describe("ExpectedCalls: which calls a model turn expects, and where each goes", () => {
  const first = call("a");
  const noId = call(undefined);
  const second = call("b");
  const sameIdLater = call("a", "other");
  const expected = [first, noId, second, sameIdLater];

  test.each([
    ["the same object", first, true, 0],
    ["a copy carrying an expected id", call("b"), true, 2],
    ["a call sharing an id with two: the first position", call("a"), true, 0],
    ["the later object of a shared id: the first position carrying its id", sameIdLater, true, 0],
    ["an expected call without an id, by identity only", noId, true, 1],
    ["another call without an id", call(undefined), false, 4],
    ["a call of another turn", call("z"), false, 4],
  ])("%s", (_label, arrived, has, position) => {
    const calls = new ExpectedCalls(expected);
    expect([calls.has(arrived), calls.positionOf(arrived)]).toEqual([has, position]);
  });

  test("answers what a scan of the calls answers, on 2 000 generated turns with repeated ids, missing ids and repeated objects", () => {
    let state = 7;
    const next = (bound: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % bound;
    };
    for (let turn = 0; turn < 2_000; turn += 1) {
      const pool = Array.from({ length: 1 + next(6) }, () => call(next(4) === 0 ? undefined : `id${next(5)}`));
      const turnCalls = Array.from({ length: next(8) }, () => pool[next(pool.length)]!);
      const calls = new ExpectedCalls(turnCalls);
      for (const arrived of [...pool, call(`id${next(7)}`), call(undefined)]) {
        expect([turn, calls.has(arrived), calls.positionOf(arrived)]).toEqual([turn, scanHas(turnCalls, arrived), scanPosition(turnCalls, arrived)]);
      }
    }
  });
});
