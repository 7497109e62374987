import { Command } from "@langchain/langgraph";
import {
  createAskUserQuestionTool,
  getInterrupt,
  requestDigest,
  resume,
  resumeStream,
  start,
  startStream,
  withThreadContinuation,
  type ResumeResult,
  type RunOutcome,
  type StreamedInterrupt,
  type ToolApprovalDecision,
  type ToolApprovalInterruptPayload,
} from "../../src/index.js";
import { ask, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import { gatedTool, transcript, withoutIds } from "../support/stream-fixtures.js";
import { testWhere, type Adapter, type BehaviourCases, type SaverFactory } from "./harness.js";

const APPROVAL_BATCH: PlannedCall[] = [
  { name: "deploy", args: { path: "app" }, id: "d1" },
  { name: "notify", args: { path: "team" }, id: "n1" },
];
const QUESTION_BATCH: PlannedCall[] = [
  { name: "ask_user_question", args: { question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] }, id: "q1" },
  { name: "notify", args: { path: "team" }, id: "n1" },
];

/** `deploy` needs approval, `notify` is allowed; both wait on a gate per thread when the test closes it. */
async function streamingAgent(saver: SaverFactory, adapter: Adapter, calls: PlannedCall[], options: { handleToolErrors?: boolean } = {}) {
  const deploy = gatedTool("deploy");
  const notify = gatedTool("notify");
  const checkpointer = await saver();
  const setup = adapter.approvals([deploy.tool, notify.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true }, ...options });
  const { graph, model } = adapter.agentGraph(setup, calls, checkpointer);
  const paused = async (label: string) => {
    const config = newThread(label);
    await graph.invoke(ask(), config);
    return { config, threadId: config.configurable.thread_id, pending: (await getInterrupt(graph, config))! };
  };
  return { graph, model, deploy, notify, checkpointer, paused };
}

/** The `"tools"` stream mode's event for a tool starting. */
function startedTool(chunk: unknown, name: string): boolean {
  const [mode, event] = chunk as [string, { event?: string; name?: string }];
  return mode === "tools" && event?.event === "on_tool_start" && event.name === name;
}

/** What must be the same for a streamed and a non-streamed resume of twin threads. */
function comparable(result: ResumeResult<Record<string, unknown>> | RunOutcome<Record<string, unknown>>, threadId: string) {
  const { judgment, status } = result as Partial<ResumeResult<Record<string, unknown>>>;
  return {
    status,
    judgment: judgment === undefined ? undefined : { own: judgment.own, expired: judgment.expired, reviewer: judgment.reviewer, reviewerVerified: judgment.reviewerVerified, clock: judgment.clock },
    interrupt: withoutIds(result.interrupt?.payload, [threadId]),
    interrupts: result.interrupts.length,
    halted: result.halted,
    transcript: transcript(result.values),
    keys: Object.keys(result.values).sort(),
  };
}

const DECISIONS: Array<[string, ToolApprovalDecision, number]> = [
  ["approve", { type: "approve" }, 1],
  ["edit", { type: "edit", updatedInput: { path: "edited" } }, 1],
  ["reject", { type: "reject", reason: "not now" }, 0],
  ["respond", { type: "respond", responseText: "pretend it ran" }, 0],
];

export const streamingCases: BehaviourCases = (saver, adapter) => {
  describe("streamed resume and start (resumeStream / startStream)", () => {
    test.each(DECISIONS)("a streamed %s yields chunks while the run goes on, and ends with the outcome resume() gives a twin thread", async (_label, decision, deployRuns) => {
      const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH);
      const streamed = await agent.paused("streamed");
      const plain = await agent.paused("plain");
      // notify waits until the test has seen a chunk of the streamed run: a stream that only yields at the end never gets there.
      agent.notify.close(streamed.threadId);
      const run = await resumeStream(agent.graph, streamed.config, [decision], { interruptId: streamed.pending.interruptId, reviewer: { id: "ada" }, streamMode: ["tools", "updates"] });
      const modes: string[] = [];
      for await (const chunk of run) {
        modes.push((chunk as [string])[0]);
        if (startedTool(chunk, "notify")) agent.notify.open(streamed.threadId);
      }
      const outcome = await run.outcome;
      const reference = await resume(agent.graph, plain.config, [decision], { interruptId: plain.pending.interruptId, reviewer: { id: "ada" } });
      expect(comparable(outcome, streamed.threadId)).toEqual(comparable(reference, plain.threadId));
      expect(outcome.status).toBe("applied");
      expect(modes.indexOf("tools")).toBeLessThan(modes.indexOf("updates"));
      expect([agent.deploy.finishes(streamed.threadId), agent.deploy.finishes(plain.threadId)]).toEqual([deployRuns, deployRuns]);
    });

    test("a streamed answer to a question yields chunks while the run goes on, and ends with the outcome resume() gives a twin thread", async () => {
      const agent = await streamingAgent(saver, adapter, QUESTION_BATCH);
      const streamed = await agent.paused("streamed-q");
      const plain = await agent.paused("plain-q");
      agent.notify.close(streamed.threadId);
      const run = await resumeStream(agent.graph, streamed.config, { answer: "production" }, { interruptId: streamed.pending.interruptId, streamMode: ["tools", "updates"] });
      for await (const chunk of run) if (startedTool(chunk, "notify")) agent.notify.open(streamed.threadId);
      const outcome = await run.outcome;
      const reference = await resume(agent.graph, plain.config, { answer: "production" }, { interruptId: plain.pending.interruptId });
      expect(outcome.status).toBe("answered");
      expect(comparable(outcome, streamed.threadId)).toEqual(comparable(reference, plain.threadId));
      expect(toolMessages(outcome.values).find((message) => message.tool_call_id === "q1")?.content).toBe("production");
    });

    test("startStream's outcome is start()'s, and the streamed interrupt carries interruptId, threadId, digests and the response_schema", async () => {
      const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH);
      const streamed = newThread("start-streamed");
      const plain = newThread("start-plain");
      const run = await startStream(agent.graph, ask(), streamed, { streamMode: "updates" });
      const chunks: unknown[] = [];
      for await (const chunk of run) chunks.push(chunk);
      const outcome = await run.outcome;
      const reference = await start(agent.graph, ask(), plain);
      expect(comparable(outcome, streamed.configurable.thread_id)).toEqual(comparable(reference, plain.configurable.thread_id));
      const raised = chunks.flatMap((chunk) => ((chunk as { __interrupt__?: StreamedInterrupt[] }).__interrupt__ ?? []));
      expect(raised).toHaveLength(1);
      const [entry] = raised as Array<StreamedInterrupt<ToolApprovalInterruptPayload>>;
      expect(entry).toMatchObject({ id: outcome.interrupt!.interruptId, interruptId: outcome.interrupt!.interruptId, threadId: streamed.configurable.thread_id, response_schema: { type: "object" } });
      expect(entry!.value.action_requests[0]?.digest).toBe(requestDigest("deploy", { path: "app" }));
      expect(entry!.value).toEqual(outcome.interrupt!.payload);
    });

    test.each([
      ["an invalid decision", [{ type: "nonsense" }], {}, "INVALID_DECISION"],
      ["an interrupt id the thread never raised", [{ type: "approve" }], { interruptId: "0".repeat(32) }, "UNKNOWN_INTERRUPT"],
      ["an unknown stream mode", [{ type: "approve" }], { streamMode: "everything" }, "INVALID_OPTIONS"],
      ["a malformed reviewer", [{ type: "approve" }], { reviewer: { id: "" } }, "INVALID_OPTIONS"],
    ])("%s is refused before anything is submitted, as resume() refuses it; the interrupt stays pending", async (_label, value, options, code) => {
      const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH);
      const { config, pending } = await agent.paused("refused");
      await expect(resumeStream(agent.graph, config, value as never, { interruptId: pending.interruptId, ...options } as never)).rejects.toMatchObject({ name: "HITLError", code });
      if (!("streamMode" in options)) await expect(resume(agent.graph, config, value as never, { interruptId: pending.interruptId, ...options } as never)).rejects.toMatchObject({ code });
      expect((await getInterrupt(agent.graph, config))?.interruptId).toBe(pending.interruptId);
      expect(agent.deploy.starts(config.configurable.thread_id) + agent.notify.starts(config.configurable.thread_id)).toBe(0);
    });

    test("a stream that is never iterated submits nothing and holds no lease; iterated after another resume applied the interrupt, it refuses before its first chunk", async () => {
      const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH);
      const { config, threadId, pending } = await agent.paused("idle");
      const idle = await resumeStream(agent.graph, config, [{ type: "reject" }], { interruptId: pending.interruptId });
      const applied = await resume(agent.graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      expect(applied.status).toBe("applied");
      const chunks: unknown[] = [];
      const refused = await (async () => {
        for await (const chunk of idle) chunks.push(chunk);
      })().catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
      expect(chunks).toEqual([]);
      await expect(idle.outcome).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
      expect(agent.deploy.finishes(threadId)).toBe(1);
    });

    test("the lease is held for the run, not for a slow consumer: the outcome settles and the thread is free while chunks still wait to be read", async () => {
      const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH);
      const { config, threadId, pending } = await agent.paused("slow");
      const run = await resumeStream(agent.graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, streamMode: "updates" });
      const first = await run.next();
      expect(first.done).toBe(false);
      expect((await run.outcome).status).toBe("applied");
      await expect(withThreadContinuation(agent.checkpointer, threadId, async () => "free")).resolves.toBe("free");
      const rest: unknown[] = [];
      for await (const chunk of run) rest.push(chunk);
      expect(rest.length).toBeGreaterThan(0);
    });

    const stops = [["leaving the loop (break)", "break"], ["aborting its signal", "abort"]] as const;
    const stopCases = (handleToolErrors: boolean | undefined) =>
      async (_label: string, how: "break" | "abort") => {
        const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH, handleToolErrors === undefined ? {} : { handleToolErrors });
        const { config, threadId, pending } = await agent.paused(`stop-${how}`);
        agent.deploy.close(threadId);
        const controller = new AbortController();
        const run = await resumeStream(agent.graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, streamMode: ["tools", "updates"], signal: controller.signal });
        const stopped = await (async () => {
          for await (const chunk of run) {
            if (!startedTool(chunk, "deploy")) continue;
            if (how === "break") break;
            controller.abort(new Error("the reviewer closed the page"));
          }
        })().catch((error: unknown) => error);
        if (how === "abort") expect(stopped).toMatchObject({ code: "RUN_ABORTED" });
        await expect(run.outcome).rejects.toMatchObject({ code: "RUN_ABORTED" });
        // The cut-off tool body still waits at its gate; the thread is resumable meanwhile, at once.
        expect((await getInterrupt(agent.graph, config))?.interruptId).toBe(pending.interruptId);
        const completed = await resume(agent.graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
        agent.deploy.open(threadId);
        expect(completed.status).toBe("superseded");
        expect(completed.interrupt).toBeUndefined();
        expect(agent.deploy.starts(threadId)).toBe(1);
        const deployMessage = toolMessages(completed.values).find((message) => message.tool_call_id === "d1");
        expect(deployMessage?.status).toBe("error");
        expect(deployMessage?.content).toContain("was running when the run was stopped");
        expect(deployMessage?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve" });
        expect(toolMessages(completed.values).find((message) => message.tool_call_id === "n1")?.status).toBe("success");
        expect(agent.notify.starts(threadId)).toBe(1);
      };

    test.each(stops)("stopping the stream by %s while the reviewed tool runs: the lease is released, the thread resumes at once, and the tool never runs twice", stopCases(undefined));

    test("a raw graph.stream left while the reviewed tool runs: the next resume() completes the batch at once and the tool never runs twice", async () => {
      const agent = await streamingAgent(saver, adapter, APPROVAL_BATCH);
      const { config, threadId, pending } = await agent.paused("raw-stop");
      agent.deploy.close(threadId);
      const raw = await agent.graph.stream(new Command({ resume: { [pending.interruptId]: [{ type: "approve" }] } }), { ...config, streamMode: "tools" });
      for await (const event of raw) if ((event as { event?: string; name?: string }).event === "on_tool_start" && (event as { name?: string }).name === "deploy") break;
      const completed = await resume(agent.graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      agent.deploy.open(threadId);
      expect(completed.status).toBe("superseded");
      expect(agent.deploy.starts(threadId)).toBe(1);
      expect(toolMessages(completed.values).find((message) => message.tool_call_id === "d1")?.content).toContain("was running when the run was stopped");
    });

    // `handleToolErrors` is a ToolNode option: with it off the cut-off call rejects instead of becoming an error message.
    testWhere(adapter, ["node"]).each(stops)("with handleToolErrors off, stopping the stream by %s while the reviewed tool runs never runs it twice either", stopCases(false));
  });
};
