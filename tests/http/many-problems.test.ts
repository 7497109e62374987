import { tool } from "@langchain/core/tools";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { agentGraph, ask, newThread } from "../support/fixtures.js";
import { serveOnLoopback } from "./server.js";

// A tool with a plain JSON Schema (what an MCP server's tools carry), checked by LangChain's validator.
const runs: unknown[] = [];
const sum = tool(async (input) => (runs.push(input), "summed"), {
  name: "sum",
  description: "sums numbers",
  schema: { type: "object", properties: { nums: { type: "array", items: { type: "number" } } } } as never,
});
const { graph } = agentGraph(new ApprovalToolNode([sum as never], { interruptOn: { sum: true } }), [{ name: "sum", args: { nums: [1] }, id: "n1" }], createMemoryCheckpointer());

let base = "";
let close: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph, authenticate: () => ({ id: "u1", name: "Ada" }), maxBodyBytes: 4 * 1024 * 1024 })));
});
afterAll(() => close());

async function pausedThread() {
  const config = newThread("many-problems");
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  return { threadId: config.configurable.thread_id, interruptId: pending!.interruptId };
}

async function editWith(nums: unknown[]) {
  const { threadId, interruptId } = await pausedThread();
  const response = await fetch(`${base}/threads/${threadId}/resume`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ interruptId, decisions: [{ type: "edit", updatedInput: { nums } }] }),
  });
  return { response, text: await response.text(), threadId, interruptId };
}

describe("an edit with very many problems, over HTTP", () => {
  test("60 wrong items: a 400 INVALID_EDIT listing the first 20 problems and how many more; the approval stays pending", async () => {
    const { response, text, threadId, interruptId } = await editWith(Array.from({ length: 60 }, () => "x"));
    expect(response.status).toBe(400);
    const body = JSON.parse(text) as { code: string; detail: string; details: Array<{ message: string }> };
    expect(body.code).toBe("INVALID_EDIT");
    expect(body.details).toHaveLength(21);
    expect(body.details[20]?.message).toBe("40 more problems with this call are not listed");
    expect(await getInterrupt(graph, { configurable: { thread_id: threadId } })).toMatchObject({ interruptId });
  });

  test("99 000 wrong items (which overflow the validator's stack): a 400 INVALID_EDIT of a few KB, never a 500; nothing ran", async () => {
    const { response, text, threadId, interruptId } = await editWith(Array.from({ length: 99_000 }, () => "x"));
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(10_000);
    expect(JSON.parse(text)).toMatchObject({ code: "INVALID_EDIT" });
    expect(await getInterrupt(graph, { configurable: { thread_id: threadId } })).toMatchObject({ interruptId });
    expect(runs).toEqual([]);
  });
});
