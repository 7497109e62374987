import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { Command } from "@langchain/langgraph";
import { claimStoreFor } from "../../src/claims/index.js";
import { getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { openLocalSubmission } from "../../src/protocol/local-submissions.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts the node's own reads of a task's stored interrupts: the Postgres checkpointer's narrow
 * read, or a `getTuple` addressed to one checkpoint (what the node falls back to elsewhere).
 */
function countStoredPayloadReads(saver: BaseCheckpointSaver): { count: () => number } {
  let reads = 0;
  const target = saver as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  if (typeof target["readTaskInterrupts"] === "function") {
    const original = target["readTaskInterrupts"].bind(saver);
    target["readTaskInterrupts"] = (...args: unknown[]) => {
      reads += 1;
      return original(...args);
    };
  } else {
    const original = saver.getTuple.bind(saver);
    saver.getTuple = (config) => {
      if (config.configurable?.["checkpoint_id"] !== undefined) reads += 1;
      return original(config);
    };
  }
  return { count: () => reads };
}

function countClaimReads(saver: BaseCheckpointSaver): { count: () => number } {
  const store = claimStoreFor(saver);
  const original = store.claimsOfTask.bind(store);
  let reads = 0;
  (store as { claimsOfTask: typeof store.claimsOfTask }).claimsOfTask = (...args) => {
    reads += 1;
    return original(...args);
  };
  return { count: () => reads };
}

async function pausedDeploy(saverFactory: SaverFactory, adapter: Adapter, interruptOn: true | { expiresInMs: number } = true) {
  const saver = await saverFactory();
  const deploy = countingTool("deploy");
  const setup = adapter.approvals([deploy.tool], { interruptOn: { deploy: interruptOn } });
  const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver);
  const config = newThread("handoff");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
  return { saver, graph, config, deploy, pending };
}

export const localHandoffCases: BehaviourCases = (saver, adapter) => {
  describe("resume() and a node in the same process share what resume() read", () => {
    test("the node takes the reviewed request resume() has just read instead of reading it again; a raw Command still reads it", async () => {
      const viaResume = await pausedDeploy(saver, adapter);
      const reads = countStoredPayloadReads(viaResume.saver);
      await resume(viaResume.graph, viaResume.config, [{ type: "approve" }], { interruptId: viaResume.pending.interruptId });
      expect(viaResume.deploy.count).toBe(1);
      expect(reads.count()).toBe(0);

      const viaCommand = await pausedDeploy(saver, adapter);
      const commandReads = countStoredPayloadReads(viaCommand.saver);
      await viaCommand.graph.invoke(new Command({ resume: { [viaCommand.pending.interruptId]: [{ type: "approve" }] } }), viaCommand.config);
      expect(viaCommand.deploy.count).toBe(1);
      expect(commandReads.count()).toBe(1);
    });

    test("resume() learns from its node what it did, without reading the claims back", async () => {
      const { saver: checkpointer, graph, config, deploy, pending } = await pausedDeploy(saver, adapter);
      const claimReads = countClaimReads(checkpointer);
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      expect(deploy.count).toBe(1);
      expect(claimReads.count()).toBe(0);
    });

    test("what resume() read for one checkpoint is never used for another: a raw Command naming its attempt is judged on the node's own read", async () => {
      const { graph, config, deploy, pending } = await pausedDeploy(saver, adapter, { expiresInMs: 100 });
      const state = await graph.getState(config);
      const taskId = state.tasks[0]!.id;
      await sleep(200);
      // A hand-off for the same thread and task but another checkpoint, whose request has no deadline:
      // were it used, the expired approval would run.
      const { expires_at: _deadline, ...undated } = pending.payload;
      const submission = openLocalSubmission("attempt-of-someone-else", { threadId: config.configurable.thread_id, namespace: "", checkpointId: "1f000000-0000-6000-8000-000000000000", taskId, values: [undated] });
      try {
        const forged = { __hitl: { v: 1, decidedAt: new Date().toISOString(), attempt: "attempt-of-someone-else" }, value: [{ type: "approve" }] };
        const result = await graph.invoke(new Command({ resume: { [pending.interruptId]: forged } }), config);
        expect(deploy.count).toBe(0);
        expect(toolMessages(result)[0]?.additional_kwargs["hitl"]).toMatchObject({ decision: "reject", source: "expired" });
      } finally {
        submission.close();
      }
    });
  });
};
