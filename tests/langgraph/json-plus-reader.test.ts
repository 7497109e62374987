// Contract test for src/langgraph/json-plus-reader.ts: FastJsonPlusSerializer reads back exactly
// what LangGraph's JsonPlusSerializer reads back, for every kind of value LangGraph stores.
// `npm run test:latest` runs it on the newest @langchain/langgraph-checkpoint too.
import { isDeepStrictEqual } from "node:util";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { Command, Send } from "@langchain/langgraph";
import { DeltaSnapshot, JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { FastJsonPlusSerializer } from "../../src/langgraph/index.js";
import { createMemoryCheckpointer } from "../../src/index.js";
import { ApprovalToolNode } from "../../src/index.js";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { toolCallingScript } from "../../examples/support/scripted-chat-model.js";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

const stock = new JsonPlusSerializer();
const fast = new FastJsonPlusSerializer();
const encoder = new TextEncoder();

/** Same values, same prototypes, and the same key order (deep equality ignores key order). */
function expectSameValue(received: unknown, expected: unknown): void {
  expect(isDeepStrictEqual(received, expected)).toBe(true);
  expect(keyOrder(received)).toEqual(keyOrder(expected));
}

function keyOrder(value: unknown): unknown {
  if (value === null || typeof value !== "object") return typeof value;
  if (Array.isArray(value)) return value.map(keyOrder);
  return Object.entries(value).map(([key, child]) => [key, keyOrder(child)]);
}

async function bothRead(bytes: Uint8Array | string): Promise<{ ours: unknown; theirs: unknown }> {
  return { ours: await fast.loadsTyped("json", bytes), theirs: await stock.loadsTyped("json", bytes) };
}

async function roundTrip(value: unknown): Promise<void> {
  const [type, bytes] = await stock.dumpsTyped(value);
  expect(await fast.dumpsTyped(value)).toEqual([type, bytes]);
  const { ours, theirs } = await bothRead(bytes);
  expectSameValue(ours, theirs);
}

const message = (index: number) =>
  new AIMessage({ content: `turn ${index}`, id: `m${index}`, tool_calls: [{ id: `c${index}`, name: "lookup", args: { n: index, nested: { list: [1, "two", null] } } }] });

const VALUES: Array<[string, unknown]> = [
  ["plain JSON: strings, numbers, booleans, null, empty containers", { a: "x", b: 1.5, c: true, d: null, e: [], f: {}, g: [[], [{}]] }],
  ["a top-level array of scalars", [1, "2", false, null]],
  ["a top-level string", "just text"],
  ["undefined in an object and in an array", { kept: 1, gone: undefined, list: [undefined, 2] }],
  ["messages of every role, with tool calls, artifacts and extra kwargs", [new HumanMessage("go"), message(1), new ToolMessage({ content: "ok", tool_call_id: "c1", artifact: { rows: [1, 2] }, additional_kwargs: { hitl: { decision: "approve", digest: "abc" } } })]],
  ["messages nested in arrays of arrays and under object keys", { deep: [[message(2)], { inner: message(3) }] }],
  ["a message whose fields hold undefined", new ToolMessage({ content: "x", tool_call_id: "c", name: undefined } as unknown as ConstructorParameters<typeof ToolMessage>[0])],
  ["a Set, a Map, a RegExp, an Error, bytes", { set: new Set([1, 2]), map: new Map([["k", { v: 1 }]]), re: /a+b/gi, error: new Error("boom"), bytes: new Uint8Array([0, 1, 255]) }],
  ["a Set inside a message's kwargs", new AIMessage({ content: "x", additional_kwargs: { tags: new Set(["a"]) } })],
  ["a delta snapshot", { channel: new DeltaSnapshot([message(4)]) }],
  ["a Send and a Command", { send: new Send("tools", { n: 1 }), command: new Command({ resume: { decisions: [{ type: "approve" }] } }) }],
  ["a Date (stored as its ISO text)", { at: new Date("2026-12-01T00:00:00Z") }],
];

describe("FastJsonPlusSerializer reads what JsonPlusSerializer wrote exactly as JsonPlusSerializer does", () => {
  test.each(VALUES)("%s", async (_name, value) => {
    await roundTrip(value);
  });

  test("a real paused thread: its checkpoint and every pending write read back the same", async () => {
    const checkpointer = createMemoryCheckpointer();
    const lookup = tool(async ({ n }) => `result ${n}`, { name: "lookup", description: "looks", schema: z.object({ n: z.number() }) });
    const node = new ApprovalToolNode([lookup], { interruptOn: { lookup: true } });
    const { graph } = scriptedAgent(node, toolCallingScript([{ name: "lookup", args: { n: 1 } }, { name: "lookup", args: { n: 2 } }]), checkpointer);
    const config = { configurable: { thread_id: "contract-serde" } };
    await graph.invoke({ messages: [{ role: "user", content: "go" }] }, config);
    const tuple = await checkpointer.getTuple(config);
    expect(tuple?.pendingWrites?.length).toBeGreaterThan(0);
    await roundTrip(tuple?.checkpoint);
    await roundTrip(tuple?.metadata);
    for (const [, , value] of tuple?.pendingWrites ?? []) await roundTrip(value);
  });

  test("records JSON.stringify never writes read the same: a __proto__ key, a bare lc:2 undefined, lc:1 secrets and unknown lc kinds", async () => {
    // A `__proto__` key: both readers assign it, which sets the object's prototype (to an equal,
    // not the same, object), rather than keep it as an own key.
    const proto = await bothRead('{"__proto__":{"polluted":true},"a":1}');
    for (const read of [proto.ours, proto.theirs]) {
      expect(Object.keys(read as object)).toEqual(["a"]);
      expect({ ...(Object.getPrototypeOf(read) as object) }).toEqual({ polluted: true });
    }
    for (const text of [
      '{"lc":2,"type":"undefined"}',
      '[{"lc":2,"type":"undefined"},{"lc":2,"type":"something_new","value":1}]',
      '{"lc":1,"type":"secret","id":["API_KEY"]}',
      '{"lc":1,"type":"not_implemented","id":["x"]}',
      '{"lc":1,"type":"constructor","id":"not-an-array"}',
      '{"lc":2,"type":"constructor","id":["Set"],"method":"evil","args":[[1]]}',
    ]) {
      const { ours, theirs } = await bothRead(encoder.encode(text));
      expectSameValue(ours, theirs);
      expect(Object.getPrototypeOf(ours ?? {})).toBe(Object.getPrototypeOf(theirs ?? {}));
    }
  });

  test("a LangChain object that cannot be loaded fails the same way, also beside a record only the stock reader reads, with no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      for (const text of [
        '{"lc":1,"type":"constructor","id":["not_a_module","Nope"],"kwargs":{}}',
        '[{"lc":1,"type":"constructor","id":["not_a_module","Nope"],"kwargs":{}},{"lc":2,"type":"constructor","id":["Set"],"method":null,"args":[[1]]}]',
      ]) {
        const theirs = await stock.loadsTyped("json", text).then(() => "resolved", (error: Error) => error.message);
        const ours = await fast.loadsTyped("json", text).then(() => "resolved", (error: Error) => error.message);
        expect(ours).toBe(theirs);
        expect(theirs).not.toBe("resolved");
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  test("invalid JSON throws the same SyntaxError; bytes and other types are LangGraph's own", async () => {
    await expect(fast.loadsTyped("json", "{nope")).rejects.toThrow(SyntaxError);
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await fast.loadsTyped("bytes", bytes)).toEqual(await stock.loadsTyped("bytes", bytes));
    await expect(fast.loadsTyped("pickle", bytes)).rejects.toThrow((await stock.loadsTyped("pickle", bytes).catch((error: Error) => error)).message);
  });

  test("is a JsonPlusSerializer, and is what createMemoryCheckpointer stores with", () => {
    expect(fast).toBeInstanceOf(JsonPlusSerializer);
    expect(createMemoryCheckpointer().serde).toBeInstanceOf(FastJsonPlusSerializer);
  });
});
