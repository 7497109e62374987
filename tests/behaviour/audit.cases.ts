import { Command } from "@langchain/langgraph";
import { createAskUserQuestionTool, getInterrupt, resume, type DecisionEvent, type HookErrorContext } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

async function auditedAgent(saver: SaverFactory, adapter: Adapter, onDecision: (event: DecisionEvent) => void | Promise<void>, onHookError?: (error: unknown, context: HookErrorContext) => void) {
  const deploy = countingTool("deploy");
  const cleanup = countingTool("cleanup");
  const node = adapter.approvals([deploy.tool, cleanup.tool, createAskUserQuestionTool()], {
    interruptOn: { deploy: true, cleanup: true },
    onDecision,
    ...(onHookError === undefined ? {} : { onHookError }),
  });
  const { graph } = adapter.agentGraph(node, [
    { name: "deploy", args: { path: "app" }, id: "d" },
    { name: "cleanup", args: { path: "/tmp" }, id: "c" },
    { name: "ask_user_question", args: { question: "Notify whom?" }, id: "q" },
  ], await saver());
  return { graph, deploy, cleanup };
}

export const auditCases: BehaviourCases = (saver, adapter) => {
  describe("audit trail", () => {
    test("each ToolMessage records who decided what and when, and onDecision hears each decision exactly once", async () => {
      const events: DecisionEvent[] = [];
      const { graph } = await auditedAgent(saver, adapter, (event) => void events.push(event));
      const config = newThread();
      await graph.invoke(ask(), config);
      const approval = await getInterrupt(graph, config);
      const reviewer = { id: "u-7", name: "Grace" };
      const next = await resume(graph, config, { d: { type: "approve" }, c: { type: "reject", reason: "keep logs" } }, { interruptId: approval!.interruptId, reviewer, comment: "ship it" });
      expect(events).toEqual([]);
      const { values } = await resume(graph, config, { answer: "ops" }, { interruptId: next.interrupt!.interruptId, reviewer: { id: "u-8" } });

      const records = toolMessages(values).map((message) => message.additional_kwargs["hitl"] as Record<string, unknown>);
      expect(records.map((r) => [r["decision"], r["reviewer"], r["comment"]])).toEqual([
        ["approve", reviewer, "ship it"],
        ["reject", reviewer, "ship it"],
        ["answer", { id: "u-8" }, undefined],
      ]);
      expect(records.every((r) => !Number.isNaN(Date.parse(String(r["decidedAt"]))))).toBe(true);
      expect(events.map((e) => [e.toolCallId, e.decision, e.reviewer?.id, e.threadId])).toEqual([
        ["d", "approve", "u-7", config.configurable.thread_id],
        ["c", "reject", "u-7", config.configurable.thread_id],
        ["q", "answer", "u-8", config.configurable.thread_id],
      ]);
      expect(events[1]?.reason).toBe("keep logs");
    });

    test("a raw Command resume still records the decision and its time, without a reviewer", async () => {
      const events: DecisionEvent[] = [];
      const { graph } = await auditedAgent(saver, adapter, (event) => void events.push(event));
      const config = newThread();
      await graph.invoke(ask(), config);
      const approval = await getInterrupt(graph, config);
      await graph.invoke(new Command({ resume: { [approval!.interruptId]: [{ type: "approve" }, { type: "approve" }] } }), config);
      const question = await getInterrupt(graph, config);
      const result = await graph.invoke(new Command({ resume: { [question!.interruptId]: { answer: "ops" } } }), config);
      const [first] = toolMessages(result);
      expect(first?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", source: "reviewer" });
      expect((first?.additional_kwargs["hitl"] as { reviewer?: unknown }).reviewer).toBeUndefined();
      expect(events).toHaveLength(3);
    });

    test("an onDecision that throws is reported and changes nothing", async () => {
      const reports: HookErrorContext[] = [];
      const { graph, deploy } = await auditedAgent(saver, adapter, () => {
        throw new Error("audit db down");
      }, (_error, context) => void reports.push(context));
      const config = newThread();
      await graph.invoke(ask(), config);
      const approval = await getInterrupt(graph, config);
      const next = await resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: approval!.interruptId });
      await resume(graph, config, { answer: "ops" }, { interruptId: next.interrupt!.interruptId });
      expect(deploy.count).toBe(1);
      expect(reports.map((r) => [r.event, r.toolCallId])).toEqual([
        ["onDecision", "d"],
        ["onDecision", "c"],
        ["onDecision", "q"],
      ]);
    });
  });
};
