import { tool } from "@langchain/core/tools";
import { Command, MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, HookRegistry, getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { agentGraph, ask, newThread, toolMessages } from "../support/fixtures.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A MemorySaver that hands out the envelope of every resume value written through it (what anyone reading the checkpoint store sees). */
function envelopeCapturingSaver() {
  const saver = new MemorySaver();
  const envelopes: Array<{ __hitl: { attempt?: string } }> = [];
  const putWrites = saver.putWrites.bind(saver);
  saver.putWrites = (config, writes, taskId) => {
    // LangGraph records a task's answers as a list: `[value]`, then `[[value], next]`.
    for (const [, recorded] of writes) {
      for (const value of [recorded].flat(8)) if (typeof value === "object" && value !== null && "__hitl" in value) envelopes.push(value as { __hitl: { attempt?: string } });
    }
    return putWrites(config, writes, taskId);
  };
  return { saver, envelopes };
}

test("a raw Command reusing an in-flight resume()'s attempt id with other decisions cannot pass for that resume(): it is told \"superseded\"", async () => {
  const { saver, envelopes } = envelopeCapturingSaver();
  let runs = 0;
  const deploy = tool(
    async () => {
      runs += 1;
      if (runs === 1) throw new Error("gateway timeout");
      return "deployed";
    },
    { name: "deploy", description: "deploys", schema: z.object({ path: z.string() }) },
  );
  let screenings = 0;
  // The resume()'s pass (the second screening) is slow, so the forged submission claims first.
  const hooks = new HookRegistry().register("PreToolUse", { matcher: "deploy", hooks: [async () => ((screenings += 1) === 2 && (await sleep(400)), { decision: "ask" as const })] });
  const node = new ApprovalToolNode([deploy], { hooks, handleToolErrors: false });
  const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver);
  const config = newThread("attempt");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;

  const honest = resume(graph, config, [{ type: "reject", reason: "no" }], { interruptId: pending.interruptId, reviewer: { id: "ada" } });
  for (let waited = 0; envelopes.length === 0 && waited < 5_000; waited += 5) await sleep(5);
  const attempt = envelopes[0]!.__hitl.attempt;
  const forged = { __hitl: { v: 1, decidedAt: new Date().toISOString(), attempt }, value: { d1: { type: "approve" } } };
  await expect(graph.invoke(new Command({ resume: { [pending.interruptId]: forged } }), config)).rejects.toThrow("gateway timeout");

  const result = await honest;
  expect(result.status).toBe("superseded");
  expect(result.judgment?.own).toBe(false);
  // The forged approval is what ran (it won the claim); the honest reject was not applied, and the host says so.
  expect(toolMessages(result.values)[0]?.content).toBe("deployed");
});
