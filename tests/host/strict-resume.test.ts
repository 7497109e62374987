// LangGraph's strict-resume refusal reaches host callers as this library's own code.
import { Command, MemorySaver } from "@langchain/langgraph";
import { ApprovalToolNode, getInterrupt, isHITLError, start, startStream } from "../../src/index.js";
import { withStrictResume } from "../../src/langgraph/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

test("start() and startStream() given a resume for an interrupt that is not pending, under strict resume: INTERRUPT_ALREADY_RESOLVED, and nothing ran", async () => {
  const deploy = countingTool("deploy");
  const { graph, model } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" } }], new MemorySaver());
  const config = withStrictResume(newThread("strict-host"));
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt(graph, config))!;
  const stale = new Command({ resume: { ["0".repeat(32)]: [{ type: "approve" }] } });
  const viaStart = await start(graph, stale, config).catch((e: unknown) => e);
  expect(isHITLError(viaStart, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
  const run = await startStream(graph, stale, config);
  const viaStream = await (async () => {
    for await (const _chunk of run) void _chunk;
  })().catch((e: unknown) => e);
  expect(isHITLError(viaStream, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
  expect([deploy.count, model.calls]).toEqual([0, 1]);
  expect((await getInterrupt(graph, config))?.interruptId).toBe(pending.interruptId);
});
