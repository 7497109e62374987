import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { ApprovalToolNode, getInterrupt, getInterrupts, isHITLError, resume } from "../../src/index.js";
import { ScriptedChatModel, ask, countingTool, newThread, toolCallingScript, toolMessages } from "../support/fixtures.js";

function agent(version: "v1" | "v2") {
  const read = countingTool("read_file");
  const del = countingTool("delete_file");
  const node = new ApprovalToolNode([read.tool, del.tool], { interruptOn: { read_file: true, delete_file: true } });
  const llm = new ScriptedChatModel(
    toolCallingScript([
      { name: "read_file", args: { path: "a" }, id: "r" },
      { name: "delete_file", args: { path: "b" }, id: "d" },
    ]),
  );
  const graph = createReactAgent({ llm, tools: node, checkpointer: new MemorySaver(), version });
  return { graph, read, del };
}

describe("drop-in for createReactAgent", () => {
  test("v1: one interrupt for the whole batch, resumed with decisions", async () => {
    const { graph, read, del } = agent("v1");
    const config = newThread();
    await graph.invoke(ask(), config);
    expect(await getInterrupts(graph, config)).toHaveLength(1);
    const pending = await getInterrupt(graph, config);
    const { values } = await resume(graph, config, { r: { type: "approve" }, d: { type: "reject", reason: "no" } }, { interruptId: pending!.interruptId });
    expect([read.count, del.count]).toEqual([1, 0]);
    expect(toolMessages(values).map((m) => m.tool_call_id)).toEqual(["r", "d"]);
    expect(String(values.messages.at(-1)?.content)).toContain("Done");
  });

  test("v2: one task per tool call, so getInterrupts lists each and resume() needs the interruptId", async () => {
    const { graph, read, del } = agent("v2");
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupts(graph, config);
    expect(pending).toHaveLength(2);

    const ambiguous = await resume(graph, config, [{ type: "approve" }]).catch((e: unknown) => e);
    expect(isHITLError(ambiguous, "INVALID_OPTIONS") && ambiguous.details[0]?.allowed).toEqual(pending.map((p) => p.interruptId));

    const [first, second] = pending;
    const afterFirst = await resume(graph, config, [{ type: "approve" }], { interruptId: first!.interruptId });
    expect(afterFirst.interrupts.map((i) => i.interruptId)).toEqual([second!.interruptId]);
    await resume(graph, config, [{ type: "approve" }], { interruptId: second!.interruptId });
    expect([read.count, del.count]).toEqual([1, 1]);
    expect(await getInterrupt(graph, config)).toBeUndefined();
  });
});
