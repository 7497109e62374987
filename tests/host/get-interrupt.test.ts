import { MemorySaver } from "@langchain/langgraph";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt, getInterrupts, isHITLError, resume, resumeStream, type HITLError } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

const node = () => new ApprovalToolNode([countingTool("delete_file").tool], { interruptOn: { delete_file: true } });
const readers = [
  ["getInterrupt", getInterrupt],
  ["getInterrupts", getInterrupts],
  ["resume", (graph: Parameters<typeof getInterrupt>[0], config: Parameters<typeof getInterrupt>[1]) => resume(graph, config, [{ type: "approve" }], { interruptId: "x" })],
  ["resumeStream", (graph: Parameters<typeof getInterrupt>[0], config: Parameters<typeof getInterrupt>[1]) => resumeStream(graph, config, [{ type: "approve" }], { interruptId: "x" })],
] as const;

const failure = (promise: Promise<unknown>): Promise<HITLError> => promise.then(() => { throw new Error("it did not throw"); }, (error: HITLError) => error);

describe("getInterrupt(), getInterrupts() and resume() refuse the same bad calls the same way", () => {
  test.each(readers)("%s on a graph compiled without a checkpointer throws MISSING_CHECKPOINTER", async (_name, read) => {
    const { graph } = agentGraph(node(), [{ name: "delete_file", args: { path: "a" } }], false);
    const error = await failure(read(graph, newThread()));
    expect(isHITLError(error, "MISSING_CHECKPOINTER")).toBe(true);
    // Whichever way the graph was made, the fix is named in its maker's terms.
    expect(error.message).toContain("graph.compile({ checkpointer })");
    expect(error.message).toContain("createAgent({ checkpointer })");
    expect(error.details).toEqual([expect.objectContaining({ path: ["graph", "checkpointer"] })]);
  });

  test.each(readers)("%s without configurable.thread_id throws INVALID_OPTIONS naming that field", async (name, read) => {
    const { graph } = agentGraph(node(), [{ name: "delete_file", args: { path: "a" } }]);
    const error = await failure(read(graph, { configurable: {} }));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(error.details.map((detail) => detail.path)).toEqual([["configurable", "thread_id"]]);
    // The message names the function that was called.
    expect(error.message.startsWith(`${name}() needs`)).toBe(true);
  });

  test("a thread that exists and is not paused is no error: getInterrupt gives undefined and getInterrupts an empty list", async () => {
    const { graph } = agentGraph(node(), [{ name: "delete_file", args: { path: "a" } }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(await getInterrupt(graph, config)).toBeUndefined();
    expect(await getInterrupts(graph, config)).toEqual([]);
  });

  test.each(readers)("%s on a thread nothing was checkpointed under throws UNKNOWN_THREAD: no such thread", async (_name, read) => {
    const { graph } = agentGraph(node(), [{ name: "delete_file", args: { path: "a" } }]);
    const error = await failure(read(graph, { configurable: { thread_id: "t-mistyped" } }));
    expect(isHITLError(error, "UNKNOWN_THREAD")).toBe(true);
    expect(error.message).toContain("No such thread");
    expect(error.details).toEqual([expect.objectContaining({ path: ["configurable", "thread_id"], received: "t-mistyped" })]);
  });

  const refusedIds = ["__proto__", "constructor", "prototype"].flatMap((threadId) => readers.map(([name, read]) => [name, threadId, read] as const));
  test.each(refusedIds)("%s on thread %s, an id LangGraph's MemorySaver refuses to store under, throws UNKNOWN_THREAD, not the saver's plain Error", async (_name, threadId, read) => {
    for (const saver of [new MemorySaver(), createMemoryCheckpointer()]) {
      const { graph } = agentGraph(node(), [{ name: "delete_file", args: { path: "a" } }], saver);
      const error = await failure(read(graph, { configurable: { thread_id: threadId } }));
      expect(isHITLError(error, "UNKNOWN_THREAD")).toBe(true);
      expect(error.message).toContain("MemorySaver");
      expect(error.details).toEqual([expect.objectContaining({ path: ["configurable", "thread_id"], received: threadId })]);
    }
  });
});
