import { Command } from "@langchain/langgraph";
import { createAskUserQuestionTool, getInterrupt, isHITLError, resume, start, type HITLError } from "../../src/index.js";
import { ask, countingTool, newThread } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

/** A thread paused on one `delete_file` approval (tool call id `call_1`). */
async function pausedThread(saver: SaverFactory, adapter: Adapter) {
  const deleteFile = countingTool("delete_file");
  const node = adapter.approvals([deleteFile.tool], { interruptOn: { delete_file: true } });
  const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/tmp/a" } }], await saver());
  const config = newThread();
  const { interrupt } = await start(graph, ask(), config);
  return { graph, config, deleteFile, interruptId: interrupt!.interruptId };
}

const refusal = (promise: Promise<unknown>): Promise<HITLError> => promise.then(() => { throw new Error("resume() was not refused"); }, (error: HITLError) => error);

export const interruptIdCases: BehaviourCases = (saver, adapter) => {
  describe("an interruptId that is not pending: unknown or already answered", () => {
    test("an id the thread never raised gives UNKNOWN_INTERRUPT naming what was received and what is pending, and runs nothing", async () => {
      const { graph, config, deleteFile, interruptId } = await pausedThread(saver, adapter);
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId: "0123456789abcdef0123456789abcdef" }));
      expect(isHITLError(error, "UNKNOWN_INTERRUPT")).toBe(true);
      expect(error.details).toEqual([expect.objectContaining({ path: ["interruptId"], received: "0123456789abcdef0123456789abcdef", allowed: [interruptId] })]);
      expect(deleteFile.count).toBe(0);
      expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
    });

    test("another thread's interrupt id gives UNKNOWN_INTERRUPT, not INTERRUPT_ALREADY_RESOLVED", async () => {
      const first = await pausedThread(saver, adapter);
      const second = await pausedThread(saver, adapter);
      const error = await refusal(resume(second.graph, second.config, [{ type: "approve" }], { interruptId: first.interruptId }));
      expect(isHITLError(error, "UNKNOWN_INTERRUPT")).toBe(true);
      expect([first.deleteFile.count, second.deleteFile.count]).toEqual([0, 0]);
    });

    test("a tool_call_id passed as interruptId gives UNKNOWN_INTERRUPT", async () => {
      const { graph, config, deleteFile, interruptId } = await pausedThread(saver, adapter);
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId: "call_1" }));
      expect(isHITLError(error, "UNKNOWN_INTERRUPT")).toBe(true);
      expect(error.details[0]?.allowed).toEqual([interruptId]);
      expect(deleteFile.count).toBe(0);
    });

    test("an id on a thread that has never run gives UNKNOWN_THREAD: no such thread, not an id it never raised", async () => {
      const { graph, interruptId } = await pausedThread(saver, adapter);
      const mistyped = newThread();
      const error = await refusal(resume(graph, mistyped, [{ type: "approve" }], { interruptId }));
      expect(isHITLError(error, "UNKNOWN_THREAD")).toBe(true);
      expect(error.message).toContain(`No such thread: nothing was ever checkpointed under thread_id "${mistyped.configurable.thread_id}"`);
      expect(error.details).toEqual([expect.objectContaining({ path: ["configurable", "thread_id"], received: mistyped.configurable.thread_id })]);
    });

    test("a mixed batch's approval id sent again while its question waits gives INTERRUPT_MISMATCH saying it was answered and naming the question", async () => {
      const deploy = countingTool("deploy");
      const node = adapter.approvals([deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true } });
      const calls = [{ name: "deploy", args: { path: "/srv" }, id: "d1" }, { name: "ask_user_question", args: { question: "Which environment?" }, id: "q1" }];
      const { graph } = adapter.agentGraph(node, calls, await saver());
      const config = newThread();
      const { interrupt: approval } = await start(graph, ask(), config);
      const { interrupt: question } = await resume(graph, config, [{ type: "approve" }], { interruptId: approval!.interruptId });
      expect(question?.payload.type).toBe("ask_user_question");
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId: approval!.interruptId }));
      expect(isHITLError(error, "INTERRUPT_MISMATCH")).toBe(true);
      expect(error.message).toContain(`Interrupt ${approval!.interruptId} was already answered`);
      expect(error.message).toContain(`now waits on interrupt ${question!.interruptId} (a question ("Which environment?"))`);
      expect(error.message).not.toContain("see its `error`");
      expect(error.details).toEqual([expect.objectContaining({ path: ["interruptId"], received: approval!.interruptId, allowed: [question!.interruptId] })]);
      expect(deploy.count).toBe(0);
    });

    test("an approval id whose answer was refused gives INTERRUPT_MISMATCH naming the approval raised again and its error", async () => {
      const { graph, config, deleteFile, interruptId } = await pausedThread(saver, adapter);
      await graph.invoke(new Command({ resume: { [interruptId]: [{ type: "launch" }] } }), config);
      const reraised = await getInterrupt(graph, config);
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId }));
      expect(isHITLError(error, "INTERRUPT_MISMATCH")).toBe(true);
      expect(error.message).toContain(`now waits on interrupt ${reraised!.interruptId} (an approval of delete_file, raised again because the answer sent was refused: INVALID_DECISION`);
      expect(error.details).toEqual([expect.objectContaining({ path: ["interruptId"], received: interruptId, allowed: [reraised!.interruptId] })]);
      expect(deleteFile.count).toBe(0);
    });

    test("an answered id stays INTERRUPT_ALREADY_RESOLVED after the run finished", async () => {
      const { graph, config, deleteFile, interruptId } = await pausedThread(saver, adapter);
      await resume(graph, config, [{ type: "approve" }], { interruptId });
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId }));
      expect(isHITLError(error, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
      expect(deleteFile.count).toBe(1);
    });

    test("an id answered in an earlier turn stays INTERRUPT_ALREADY_RESOLVED while the thread waits on a newer approval", async () => {
      const { graph, config, deleteFile, interruptId } = await pausedThread(saver, adapter);
      await resume(graph, config, [{ type: "approve" }], { interruptId });
      const { interrupt: newer } = await start(graph, ask("and again"), config);
      expect(newer?.interruptId).not.toBe(interruptId);
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId }));
      expect(isHITLError(error, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
      expect(deleteFile.count).toBe(1);
    });
  });
};
