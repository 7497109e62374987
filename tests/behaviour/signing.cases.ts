import { Command } from "@langchain/langgraph";
import { createAskUserQuestionTool, getInterrupt, isHITLError, resume, type AskUserQuestionInterruptPayload, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { wrapResumeValue, type ResumeMeta } from "../../src/protocol/resume-envelope.js";
import { signResume } from "../../src/protocol/signing.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import type { Adapter, AgentGraph, BehaviourCases, SaverFactory } from "./harness.js";

const SIGNING_KEY = "a-shared-secret-of-32-characters";
const question = { question: "Which environment?", options: ["staging", "production"].map((value) => ({ label: value, value })) };

async function pausedAgent(saver: SaverFactory, adapter: Adapter, calls: PlannedCall[], signingKey?: string) {
  const deploy = countingTool("deploy");
  const setup = adapter.approvals([deploy.tool, createAskUserQuestionTool()], {
    interruptOn: { deploy: true },
    ...(signingKey === undefined ? {} : { signingKey }),
  });
  const { graph, model } = adapter.agentGraph(setup, calls, await saver());
  const config = newThread("signing");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt(graph, config))!;
  return { graph, model, config, deploy, pending };
}

/** The root task the pending interrupt belongs to (what a signature binds besides the interrupt). */
async function rootTaskOf(graph: AgentGraph, config: object): Promise<string> {
  return (await graph.getState(config)).tasks.find((task) => task.interrupts.length > 0)!.id;
}

/** The envelope resume() would send, signed with the node's key for `interruptId`. */
function signedFor(value: unknown, bound: { threadId: string; taskId: string; interruptId: string }): Record<string, unknown> {
  const meta: ResumeMeta = { v: 1, decidedAt: new Date().toISOString(), reviewer: { id: "ada" }, attempt: `attempt-${bound.interruptId}` };
  meta.signature = signResume({ ...bound, value, meta }, SIGNING_KEY);
  return wrapResumeValue(value, meta);
}

export const signingCases: BehaviourCases = (saver, adapter) => {
  describe("signing: with a signingKey the node accepts only values signed with it", () => {
    test("resume() without the node's key (signed with the per-process key) is refused with INVALID_SIGNATURE; nothing runs and the approval stays resumable", async () => {
      const { graph, config, deploy, pending } = await pausedAgent(saver, adapter, [{ name: "deploy", args: { path: "app" }, id: "d1" }], SIGNING_KEY);
      const error = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_SIGNATURE")).toBe(true);
      expect(deploy.count).toBe(0);
      const again = (await getInterrupt(graph, config))!;
      await resume(graph, config, [{ type: "approve" }], { interruptId: again.interruptId, signingKey: SIGNING_KEY });
      expect(deploy.count).toBe(1);
    });

    test("a value signed for one raise does not answer the next: replayed to the re-raised approval it is refused, signed for it it applies", async () => {
      const { graph, config, deploy, pending } = await pausedAgent(saver, adapter, [{ name: "deploy", args: { path: "app" }, id: "d1" }], SIGNING_KEY);
      const threadId = config.configurable.thread_id;
      const taskId = await rootTaskOf(graph, config);
      const unsigned = await graph.invoke(new Command({ resume: { [pending.interruptId]: { d1: { type: "reject" } } } }), config);
      const reraised = interruptsOf(unsigned)[0]!;
      expect((reraised.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_SIGNATURE");
      const decisions = { d1: { type: "approve" } };
      const replayed = await graph.invoke(new Command({ resume: { [reraised.id!]: signedFor(decisions, { threadId, taskId, interruptId: pending.interruptId }) } }), config);
      expect((interruptsOf(replayed)[0]?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_SIGNATURE");
      expect(deploy.count).toBe(0);
      const latest = interruptsOf(replayed)[0]!;
      const applied = await graph.invoke(new Command({ resume: { [latest.id!]: signedFor(decisions, { threadId, taskId, interruptId: latest.id! }) } }), config);
      expect(deploy.count).toBe(1);
      expect(toolMessages(applied)[0]?.additional_kwargs["hitl"]).toMatchObject({ reviewer: { id: "ada" }, reviewerVerified: true });
    });

    test("an unsigned answer through a raw Command is refused: the question is raised again with INVALID_SIGNATURE and the model never sees it", async () => {
      const { graph, model, config, pending } = await pausedAgent(saver, adapter, [{ name: "ask_user_question", args: question, id: "q1" }], SIGNING_KEY);
      const modelCalls = model.calls;
      const result = await graph.invoke(new Command({ resume: { [pending.interruptId]: { answer: "production" } } }), config);
      const [raised] = interruptsOf(result);
      expect((raised?.value as AskUserQuestionInterruptPayload).error?.code).toBe("INVALID_SIGNATURE");
      expect((raised?.value as AskUserQuestionInterruptPayload).tool_call_id).toBe("q1");
      expect(toolMessages(result)).toEqual([]);
      expect(model.calls).toBe(modelCalls);
      const { values } = await resume(graph, config, { answer: "staging" }, { interruptId: raised!.id!, signingKey: SIGNING_KEY, reviewer: { id: "ada" } });
      const [message] = toolMessages(values);
      expect(message?.content).toBe("staging");
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ reviewer: { id: "ada" }, reviewerVerified: true });
    });

    test("resume() answering a question with another key is told INVALID_SIGNATURE, and the question stays pending", async () => {
      const { graph, config, pending } = await pausedAgent(saver, adapter, [{ name: "ask_user_question", args: question, id: "q1" }], SIGNING_KEY);
      const error = await resume(graph, config, { answer: "staging" }, { interruptId: pending.interruptId, signingKey: "another-secret-of-32-characters!" }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_SIGNATURE")).toBe(true);
      expect(toolMessages((await graph.getState(config)).values)).toEqual([]);
      expect((await getInterrupt<AskUserQuestionInterruptPayload>(graph, config))?.payload.tool_call_id).toBe("q1");
    });
  });
};
