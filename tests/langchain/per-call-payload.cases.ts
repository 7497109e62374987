/**
 * LangChain's newer per-call HITL mode raises `{ type: "tool_approval", tool_call_id, name, args,
 * description }` — our `type`, not our shape. A real graph raises a hand-made value of that shape
 * (langchain 1.5.18+ cannot be installed here); nothing of this library may misread it: no crash,
 * not listed or rendered as ours, not resumable as ours. Run on both checkpointers.
 */
import { AIMessage } from "@langchain/core/messages";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, formatInterrupt, getInterrupt, getInterrupts, isHITLError, isToolApprovalInterrupt, resume, type ApprovalsInbox } from "../../src/index.js";
import { hasInbox } from "../../src/inbox/types.js";
import { ask, countingTool, newThread } from "../support/fixtures.js";

/** Exactly what `humanInTheLoopMiddleware({ interruptMode: "per_call" })` raises for one call. */
export const PER_CALL_VALUE = { type: "tool_approval", tool_call_id: "call_9", name: "deploy", args: { service: "billing" }, description: "Tool execution requires approval" } as const;

/** A node raising the per-call value, then a model turn calling `deploy`, then our node (which asks for it). */
function graphOn(checkpointer: BaseCheckpointSaver) {
  const deploy = countingTool("deploy", { schema: z.object({ service: z.string() }) });
  let foreignRuns = 0;
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("foreign", () => {
      foreignRuns += 1;
      const answer = interrupt(PER_CALL_VALUE) as { decision?: string };
      return { messages: [new AIMessage({ content: String(answer.decision), tool_calls: [{ name: "deploy", args: { service: "billing" }, id: "d1", type: "tool_call" }] })] };
    })
    .addNode("tools", new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }))
    .addEdge(START, "foreign")
    .addEdge("foreign", "tools")
    .addEdge("tools", END)
    .compile({ checkpointer });
  return { graph, deploy, foreignRuns: () => foreignRuns };
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

export function perCallPayloadCases(saver: () => Promise<BaseCheckpointSaver> | BaseCheckpointSaver): void {
  test("getInterrupt hands the value back untouched, and no guard takes it for ours", async () => {
    const { graph } = graphOn(await saver());
    const config = newThread("per-call");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    expect(pending?.payload).toEqual(PER_CALL_VALUE);
    expect(isToolApprovalInterrupt(pending?.payload)).toBe(false);
    expect((await getInterrupts(graph, config)).map((entry) => entry.payload)).toEqual([PER_CALL_VALUE]);
  });

  test("formatInterrupt shows it as an interrupt this library does not recognise, in both formats", async () => {
    expect(formatInterrupt(PER_CALL_VALUE)).toMatch(/^Interrupt this library does not recognise:/);
    expect(formatInterrupt(PER_CALL_VALUE, { format: "html" })).toContain('class="hitl-unknown"');
  });

  test("resume() refuses it with UNSUPPORTED_INTERRUPT before submitting anything, and a tool_call_id passed as its id gets UNKNOWN_INTERRUPT", async () => {
    const { graph, foreignRuns } = graphOn(await saver());
    const config = newThread("per-call");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const unsupported = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId }));
    expect(isHITLError(unsupported, "UNSUPPORTED_INTERRUPT")).toBe(true);
    const unknown = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId: "call_9" }));
    expect(isHITLError(unknown, "UNKNOWN_INTERRUPT")).toBe(true);
    expect((unknown as Error).message).toContain(`that is the tool_call_id of a call in pending interrupt ${pending!.interruptId}`);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(pending!.interruptId);
    expect(foreignRuns()).toBe(1);
  });

  test("the inbox lists it as a pending interrupt, untouched, but never as an approval of a tool", async () => {
    const checkpointer = await saver();
    const { graph } = graphOn(checkpointer);
    const config = newThread("per-call");
    await graph.invoke(ask(), config);
    expect(hasInbox(checkpointer)).toBe(true);
    const inbox = checkpointer as unknown as ApprovalsInbox;
    const threadId = config.configurable.thread_id;
    const listed = await inbox.listPendingInterrupts({ limit: 10, threadId });
    expect(listed.items.map((item) => item.payload)).toEqual([PER_CALL_VALUE]);
    expect((await inbox.listPendingInterrupts({ limit: 10, threadId, toolName: "deploy" })).items).toEqual([]);
  });

  test("answered with LangChain's own raw Command, the run goes on to our node, whose approval is ours and resumes as ours", async () => {
    const { graph, deploy } = graphOn(await saver());
    const config = newThread("per-call");
    await graph.invoke(ask(), config);
    const foreign = await getInterrupt(graph, config);
    await graph.invoke(new Command({ resume: { [foreign!.interruptId]: { decision: "approve" } } }), config);
    const ours = await getInterrupt(graph, config);
    expect(isToolApprovalInterrupt(ours?.payload)).toBe(true);
    expect(ours?.interruptId).not.toBe(foreign!.interruptId);
    await resume(graph, config, [{ type: "approve" }], { interruptId: ours!.interruptId });
    expect(deploy.runs).toEqual([{ service: "billing" }]);
  });
}
