import {
  ApprovalToolNode,
  createMemoryCheckpointer,
  getInterrupt,
  getInterrupts,
  requestDigest,
  start,
  type ToolApprovalInterruptPayload,
} from "../../src/index.js";
import { withDigests } from "../../src/payload/digest.js";
import { z } from "zod";
import { agentGraph, ask, countingTool, interruptsOf, newThread } from "../support/fixtures.js";

// What the README promises: LangGraph's own views show the payload as stored (no `digest`);
// this library's read APIs add one per request, computed from the name and the arguments.
const requestsOf = (payload: unknown) => (payload as ToolApprovalInterruptPayload).action_requests;
const expectedDigests = (payload: unknown) => requestsOf(payload).map((request) => requestDigest(request.name, request.arguments));

function pausedGraph() {
  const moveFile = countingTool("move_file", { schema: z.object({ to: z.string(), from: z.string() }) });
  const node = new ApprovalToolNode([countingTool("delete_file").tool, moveFile.tool], { interruptOn: { delete_file: true, move_file: true } });
  return agentGraph(node, [{ name: "delete_file", args: { path: "/tmp/a" } }, { name: "move_file", args: { to: "/b", from: "/a" } }], createMemoryCheckpointer());
}

describe("where an approval payload carries `digest`", () => {
  test("LangGraph's views (the invoke result's __interrupt__, getState().tasks, stream chunks) show no digest", async () => {
    const { graph } = pausedGraph();
    const config = newThread();
    const [raised] = interruptsOf(await graph.invoke(ask(), config));
    expect(requestsOf(raised?.value).map((request) => "digest" in request)).toEqual([false, false]);
    const state = await graph.getState(config);
    expect(requestsOf(state.tasks.flatMap((task) => task.interrupts)[0]?.value).some((request) => "digest" in request)).toBe(false);
    const streamed: unknown[] = [];
    for await (const chunk of await graph.stream(ask(), { ...newThread(), streamMode: "updates" })) {
      if ("__interrupt__" in chunk) streamed.push(...(chunk["__interrupt__"] as Array<{ value: unknown }>).map((entry) => entry.value));
    }
    expect(streamed).toHaveLength(1);
    expect(requestsOf(streamed[0]).some((request) => "digest" in request)).toBe(false);
  });

  test("getInterrupt, getInterrupts, start() and the inbox add the digest of each request; withDigests adds the same", async () => {
    const { graph } = pausedGraph();
    const config = newThread();
    const { interrupt } = await start(graph, ask(), config);
    const digests = expectedDigests(interrupt?.payload);
    expect(requestsOf(interrupt?.payload).map((request) => request.digest)).toEqual(digests);
    expect(requestsOf((await getInterrupt(graph, config))?.payload).map((request) => request.digest)).toEqual(digests);
    expect(requestsOf((await getInterrupts(graph, config))[0]?.payload).map((request) => request.digest)).toEqual(digests);
    const { items } = await (graph.checkpointer as ReturnType<typeof createMemoryCheckpointer>).listPendingInterrupts({ limit: 10, threadId: config.configurable.thread_id });
    expect(requestsOf(items[0]?.payload).map((request) => request.digest)).toEqual(digests);
    const raw = (await graph.getState(config)).tasks.flatMap((task) => task.interrupts)[0]?.value;
    expect(withDigests(raw)).toEqual(interrupt?.payload);
  });
});
