import type { RunnableConfig } from "@langchain/core/runnables";
import { Command, type BaseCheckpointSaver } from "@langchain/langgraph";
import { z } from "zod";
import { createAskUserQuestionTool, createMemoryCheckpointer, getInterrupt, isHITLError, resume, resumeStream, start, type AskUserQuestionInterruptPayload, type ResumeOptions, type ResumeResult, type ToolApprovalDecision, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { hasInbox } from "../../src/inbox/types.js";
import { unknownInterruptOf, withStrictResume, type Durability } from "../../src/langgraph/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { testWhere, type Adapter, type BehaviourCases, type SaverFactory } from "./harness.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every `durability` LangGraph 1.7 offers, each with and without strict resume. */
const MODES: Array<[Durability, boolean]> = [
  ["sync", false],
  ["async", false],
  ["exit", false],
  ["sync", true],
  ["async", true],
  ["exit", true],
];

/** The run config of one mode: passed to start(), resume() and every raw invoke alike. */
function runConfig(mode: Durability, strict: boolean, label: string): RunnableConfig & { configurable: { thread_id: string } } {
  const config = { ...newThread(`${label}-${mode}${strict ? "-strict" : ""}`), durability: mode };
  return strict ? withStrictResume(config) : config;
}

/** `deploy` needs approval; `notify` is allowed; the model answers once both have results. */
async function reviewedBatch(checkpointer: BaseCheckpointSaver, adapter: Adapter, expiresInMs?: number) {
  const deploy = countingTool("deploy");
  const notify = countingTool("notify");
  const setup = adapter.approvals([deploy.tool, notify.tool], { interruptOn: { deploy: expiresInMs === undefined ? true : { expiresInMs } } });
  const { graph, model } = adapter.agentGraph(setup, [
    { name: "deploy", args: { path: "app" }, id: "d1" },
    { name: "notify", args: { path: "team" }, id: "n1" },
  ], checkpointer);
  return { graph, model, deploy, notify };
}

async function forkedParents(graph: { getStateHistory(config: RunnableConfig): AsyncIterable<{ parentConfig?: RunnableConfig | undefined }> }, threadId: string): Promise<number> {
  const parents: string[] = [];
  for await (const state of graph.getStateHistory({ configurable: { thread_id: threadId } })) parents.push(String(state.parentConfig?.configurable?.["checkpoint_id"]));
  return parents.length - new Set(parents).size;
}

/** resume(), or resumeStream() drained: both forms must keep every guarantee. */
async function resumeEither(streamed: boolean, graph: Parameters<typeof resume>[0], config: RunnableConfig, decision: ToolApprovalDecision, options: ResumeOptions): Promise<ResumeResult> {
  if (!streamed) return resume(graph, config, [decision], options);
  const run = await resumeStream(graph, config, [decision], { ...options, streamMode: "updates" });
  for await (const _chunk of run) void _chunk;
  return run.outcome;
}

async function inboxSaver(saver: SaverFactory): Promise<BaseCheckpointSaver> {
  const given = await saver();
  return hasInbox(given) ? given : createMemoryCheckpointer();
}

export const durabilityCases: BehaviourCases = (saver, adapter) => {
  describe.each(MODES)("the guarantees under durability %p, strict resume %p", (mode, strict) => {
    test("exactly once and one continuation: 4 concurrent resumes (resume() and resumeStream()), approve against reject, one wins; a late raw Command runs nothing; history never forks", async () => {
      const { graph, model, deploy, notify } = await reviewedBatch(await saver(), adapter);
      const config = runConfig(mode, strict, "once");
      const paused = await start(graph, ask(), config);
      const interruptId = paused.interrupt!.interruptId;
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          resumeEither(index >= 2, graph, config, index % 2 === 0 ? { type: "approve" } : { type: "reject" }, { interruptId }).then(
            (result) => `${result.status} ${index % 2 === 0 ? "approve" : "reject"}`,
            (error: unknown) => (isHITLError(error) ? error.code : String(error)),
          ),
        ),
      );
      const won = outcomes.filter((outcome) => outcome.startsWith("applied"));
      expect(won).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.startsWith("applied")).every((outcome) => outcome === "INTERRUPT_ALREADY_RESOLVED" || outcome === "THREAD_BUSY")).toBe(true);
      expect(deploy.count).toBe(won[0]!.endsWith("approve") ? 1 : 0);
      expect([notify.count, model.calls]).toEqual([1, 2]);

      const late = await graph.invoke(new Command({ resume: { [interruptId]: [{ type: "approve" }] } }), config).then(
        () => "ran",
        (error: unknown) => error,
      );
      // With strict resume LangGraph refuses the late value before running anything; without it, the run has nothing left to do.
      if (strict) expect(unknownInterruptOf(late)?.reason).toBe("not_pending");
      else expect(late).toBe("ran");
      await expect(resume(graph, config, [{ type: "approve" }], { interruptId })).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
      expect([deploy.count, notify.count, model.calls]).toEqual([won[0]!.endsWith("approve") ? 1 : 0, 1, 2]);
      expect(await forkedParents(graph, config.configurable.thread_id)).toBe(0);
    });

    test("expiry: resume() after the deadline rejects the call as expired and runs nothing; the thread moves on", async () => {
      const { graph, deploy, notify } = await reviewedBatch(await saver(), adapter, 150);
      const config = runConfig(mode, strict, "expiry");
      const paused = await start(graph, ask(), config);
      await sleep(250);
      const result = await resume(graph, config, [{ type: "approve" }], { interruptId: paused.interrupt!.interruptId });
      expect(result.status).toBe("expired");
      expect([deploy.count, notify.count]).toEqual([0, 1]);
      expect(toolMessages(result.values).find((message) => message.tool_call_id === "d1")?.additional_kwargs["hitl"]).toMatchObject({ source: "expired" });
      expect(await getInterrupt(graph, config)).toBeUndefined();
    });

    test("a value refused when it arrived is never judged again: after a redeploy whose tool accepts it, the next decision applies and nothing runs", async () => {
      const checkpointer = await saver();
      const release = (schema?: z.ZodObject) => {
        const deploy = countingTool("deploy", schema === undefined ? {} : { schema });
        return { deploy, graph: adapter.agentGraph(adapter.approvals([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "application" }, id: "d1" }], checkpointer).graph };
      };
      const before = release(z.object({ path: z.string().min(10) }));
      const config = runConfig(mode, strict, "refused");
      const paused = await start(before.graph, ask(), config);
      const edit = { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { path: "prod" } } }] };
      await before.graph.invoke(new Command({ resume: { [paused.interrupt!.interruptId]: edit } }), config);
      const shown = (await getInterrupt<ToolApprovalInterruptPayload>(before.graph, config))!;
      expect(shown.payload.error?.code).toBe("INVALID_EDIT");
      const after = release();
      const result = await resume(after.graph, config, [{ type: "reject" }], { interruptId: shown.interruptId });
      expect(result.status).toBe("applied");
      expect(after.deploy.runs).toEqual([]);
    });

    test("a refused answer is forgotten: the question waits under the same id, and after a redeploy without the signing key each question gets its own answer", async () => {
      const checkpointer = await saver();
      const key = "k".repeat(32);
      const calls = [
        { name: "ask_user_question", args: { question: "Which environment?" }, id: "q1" },
        { name: "ask_user_question", args: { question: "Anything else?" }, id: "q2" },
      ];
      const release = (signingKey?: string) => adapter.agentGraph(adapter.approvals([createAskUserQuestionTool()], signingKey === undefined ? {} : { signingKey }), calls, checkpointer).graph;
      const signed = release(key);
      const config = runConfig(mode, strict, "forgotten");
      const paused = await start(signed, ask(), config);
      await signed.invoke(new Command({ resume: { [paused.interrupt!.interruptId]: { answer: "staging" } } }), config);
      const shown = (await getInterrupt<AskUserQuestionInterruptPayload>(signed, config))!;
      expect([shown.interruptId, shown.payload.error?.code]).toEqual([paused.interrupt!.interruptId, "INVALID_SIGNATURE"]);
      const second = await resume(signed, config, { answer: "production" }, { interruptId: shown.interruptId, signingKey: key });
      const unsigned = release();
      const done = await resume(unsigned, config, { answer: "ship it" }, { interruptId: second.interrupt!.interruptId });
      expect(done.interrupt).toBeUndefined();
      expect(toolMessages(done.values).map((message) => [message.tool_call_id, message.content])).toEqual([
        ["q1", "production"],
        ["q2", "ship it"],
      ]);
    });

    test("the inbox lists the pause with its payload and drops it once resolved", async () => {
      const checkpointer = await inboxSaver(saver);
      const { graph } = await reviewedBatch(checkpointer, adapter);
      const config = runConfig(mode, strict, "inbox");
      const paused = await start(graph, ask(), config);
      const listed = async () => (hasInbox(checkpointer) ? (await checkpointer.listPendingInterrupts({ limit: 100, threadId: config.configurable.thread_id })).items : []);
      expect((await listed()).map((item) => [item.interruptId, (item.payload as ToolApprovalInterruptPayload).action_requests[0]?.tool_call_id])).toEqual([[paused.interrupt!.interruptId, "d1"]]);
      await resume(graph, config, [{ type: "approve" }], { interruptId: paused.interrupt!.interruptId });
      expect(await listed()).toEqual([]);
    });

    // `handleToolErrors` is a ToolNode option: with it off, a failing tool fails the run.
    testWhere(adapter, ["node"])("a run that failed after one call of the batch finished: the next resume completes it without running that call again", async () => {
      const deploy = countingTool("deploy");
      let failures = 1;
      const flaky = countingTool("migrate", { result: () => (failures-- > 0 ? (() => { throw new Error("gateway timeout"); })() : "migrated") });
      const setup = adapter.approvals([deploy.tool, flaky.tool], { interruptOn: { deploy: true, migrate: true }, handleToolErrors: false });
      const { graph } = adapter.agentGraph(setup, [
        { name: "deploy", args: { path: "app" }, id: "d1" },
        { name: "migrate", args: { path: "db" }, id: "m1" },
      ], await saver());
      const config = runConfig(mode, strict, "failed");
      const paused = await start(graph, ask(), config);
      const interruptId = paused.interrupt!.interruptId;
      await expect(resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId })).rejects.toThrow("gateway timeout");
      const completed = await resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId });
      expect(completed.status).toBe("superseded");
      expect([deploy.count, flaky.count]).toEqual([1, 2]);
      expect(toolMessages(completed.values).map((message) => message.content)).toEqual(['deploy ran with {"path":"app"}', "migrated"]);
    });
  });
};
