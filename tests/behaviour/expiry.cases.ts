import { Command } from "@langchain/langgraph";
import { HookRegistry, getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function boundedApproval(saver: SaverFactory, adapter: Adapter, expiresInMs: number, hooks?: HookRegistry) {
  const deploy = countingTool("deploy");
  const node = adapter.approvals([deploy.tool], { interruptOn: { deploy: { expiresInMs } }, ...(hooks === undefined ? {} : { hooks }) });
  const { graph } = adapter.agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
  const config = newThread();
  const before = Date.now();
  const paused = await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { graph, config, deploy, pending: pending!, paused, before };
}

export const expiryCases: BehaviourCases = (saver, adapter) => {
  describe("approvals that expire", () => {
    test("the payload shows the deadline, counted from when the batch was proposed", async () => {
      const { pending, before } = await boundedApproval(saver, adapter, 60_000);
      const deadline = Date.parse(pending.payload.expires_at ?? "");
      expect(deadline).toBeGreaterThanOrEqual(before + 60_000 - 1_000);
      expect(deadline).toBeLessThanOrEqual(Date.now() + 60_000);
    });

    test("decisions made before the deadline are applied", async () => {
      const { graph, config, deploy, pending } = await boundedApproval(saver, adapter, 60_000);
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      expect(deploy.count).toBe(1);
    });

    test("resume() after the deadline rejects every pending call as expired, runs nothing, and returns status \"expired\" with the run's result", async () => {
      const { graph, config, deploy, pending } = await boundedApproval(saver, adapter, 150);
      await sleep(250);
      const result = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "late" } });
      expect(result.status).toBe("expired");
      expect(result.judgment).toMatchObject({ own: true, expired: true, expiresAt: pending.payload.expires_at });
      expect(deploy.count).toBe(0);
      expect(await getInterrupt(graph, config)).toBeUndefined();
      const [message] = toolMessages((await graph.getState(config)).values);
      expect(message?.status).toBe("error");
      expect(message?.content).toContain("approval expired");
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "reject", source: "expired" });
    });

    test("a raw Command after the deadline does not run the calls either", async () => {
      const { graph, config, deploy, pending } = await boundedApproval(saver, adapter, 150);
      await sleep(250);
      const result = await graph.invoke(new Command({ resume: { [pending.interruptId]: [{ type: "approve" }] } }), config);
      expect(deploy.count).toBe(0);
      expect(interruptsOf(result)).toEqual([]);
      expect(toolMessages(result)[0]?.content).toContain("approval expired");
    });

    test("a PreToolUse expiresInMs bounds the approval too; the earliest bound wins", async () => {
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "ask", expiresInMs: 150 })] });
      const { graph, config, deploy, pending } = await boundedApproval(saver, adapter, 60_000, hooks);
      expect(Date.parse(pending.payload.expires_at ?? "")).toBeLessThan(Date.now() + 1_000);
      await sleep(250);
      expect((await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("expired");
      expect(deploy.count).toBe(0);
    });
  });
};
