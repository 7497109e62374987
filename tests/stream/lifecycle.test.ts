// When a streamed run starts, how it ends, and what it says when it fails: the same codes as
// start()/resume(), options refused before anything runs, a stop before the start submits nothing.
import { MemorySaver } from "@langchain/langgraph";
import { ApprovalToolNode, HookRegistry, getInterrupt, isHITLError, resume, resumeStream, start, startStream, withThreadContinuation } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

const KEY = "a-shared-secret-of-32-characters";

function reviewedAgent(options: ConstructorParameters<typeof ApprovalToolNode>[1] = {}) {
  const deploy = countingTool("deploy");
  const { graph, model } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true }, ...options }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], new MemorySaver());
  const paused = async () => {
    const config = newThread("life");
    await graph.invoke(ask(), config);
    return { config, pending: (await getInterrupt(graph, config))! };
  };
  return { graph, model, deploy, paused };
}

async function drain(stream: AsyncIterable<unknown>): Promise<{ chunks: unknown[]; error?: unknown }> {
  const chunks: unknown[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}

describe("stream options are checked before anything runs", () => {
  test.each([
    ["an empty array of modes", { streamMode: [] }, {}, "streamMode"],
    ["an unknown mode", { streamMode: "tokens" }, {}, "streamMode"],
    ["subgraphs that is not a boolean", { subgraphs: "yes" }, {}, "subgraphs"],
    ["a signal that is not an AbortSignal", { signal: { aborted: false } }, {}, "signal"],
    ["streamMode in the run config", {}, { streamMode: "values" }, "streamMode"],
    ["an encoding in the run config", {}, { encoding: "text/event-stream" }, "encoding"],
  ])("%s: INVALID_OPTIONS naming the field, from startStream and resumeStream, and nothing ran", async (_label, options, extraConfig, field) => {
    const { graph, deploy, model, paused } = reviewedAgent();
    const { config, pending } = await paused();
    const modelCalls = model.calls;
    for (const attempt of [
      () => startStream(graph, ask(), { ...newThread(), ...extraConfig } as never, options as never),
      () => resumeStream(graph, { ...config, ...extraConfig } as never, [{ type: "approve" }], { interruptId: pending.interruptId, ...options } as never),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
      expect((error as { details: Array<{ path?: unknown[] }> }).details[0]?.path).toEqual([field]);
    }
    expect([deploy.count, model.calls]).toEqual([0, modelCalls]);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(pending.interruptId);
  });
});

describe("when a streamed run starts and stops", () => {
  test("a signal aborted before the first next(): RUN_ABORTED, nothing was submitted, and resume() then applies", async () => {
    const { graph, deploy, paused } = reviewedAgent();
    const { config, pending } = await paused();
    const controller = new AbortController();
    controller.abort();
    const run = await resumeStream(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, signal: controller.signal });
    const { chunks, error } = await drain(run);
    expect(chunks).toEqual([]);
    expect(error).toMatchObject({ code: "RUN_ABORTED", message: expect.stringContaining("nothing was submitted") });
    await expect(run.outcome).rejects.toMatchObject({ code: "RUN_ABORTED" });
    expect(deploy.count).toBe(0);
    expect((await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
  });

  test("busyWaitMs 0 on a thread another continuation holds: THREAD_BUSY from the loop and the outcome, nothing was submitted, and resume() applies once the thread is free", async () => {
    const { graph, deploy, paused } = reviewedAgent();
    const { config, pending } = await paused();
    let free!: () => void;
    const holder = withThreadContinuation(graph.checkpointer as MemorySaver, config.configurable.thread_id, () => new Promise<void>((resolve) => (free = resolve)));
    const run = await resumeStream(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, busyWaitMs: 0 });
    const { chunks, error } = await drain(run);
    expect(chunks).toEqual([]);
    expect(isHITLError(error, "THREAD_BUSY")).toBe(true);
    await expect(run.outcome).rejects.toMatchObject({ code: "THREAD_BUSY" });
    expect(deploy.count).toBe(0);
    free();
    await holder;
    expect((await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
    expect(deploy.count).toBe(1);
  });

  test("return() before the first next() stops a run that never started: nothing was submitted", async () => {
    const { graph, deploy, paused } = reviewedAgent();
    const { config, pending } = await paused();
    const run = await resumeStream(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
    await expect(run.return()).resolves.toEqual({ done: true, value: undefined });
    await expect(run.outcome).rejects.toMatchObject({ code: "RUN_ABORTED" });
    expect(await run.next()).toEqual({ done: true, value: undefined });
    expect(deploy.count).toBe(0);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(pending.interruptId);
  });

  test("a run config's own signal stops the run too", async () => {
    const { graph, paused } = reviewedAgent();
    const { config, pending } = await paused();
    const controller = new AbortController();
    controller.abort(new Error("shutting down"));
    const run = await resumeStream(graph, { ...config, signal: controller.signal }, [{ type: "approve" }], { interruptId: pending.interruptId });
    expect((await drain(run)).error).toMatchObject({ code: "RUN_ABORTED", cause: expect.objectContaining({ message: "shutting down" }) });
  });
});

describe("a streamed run ends as the non-streamed call does", () => {
  test("the node's refusal (INVALID_SIGNATURE): the re-raised approval is streamed, then the loop and the outcome throw the code resume() throws", async () => {
    const { graph, deploy, paused } = reviewedAgent({ signingKey: KEY });
    const { config, pending } = await paused();
    const run = await resumeStream(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, signingKey: "another-secret-of-32-characters!", streamMode: "updates" });
    const { chunks, error } = await drain(run);
    expect(isHITLError(error, "INVALID_SIGNATURE")).toBe(true);
    expect(chunks.some((chunk) => (chunk as { __interrupt__?: Array<{ value: { error?: { code: string } } }> }).__interrupt__?.[0]?.value.error?.code === "INVALID_SIGNATURE")).toBe(true);
    await expect(run.outcome).rejects.toBe(error);
    const again = (await getInterrupt(graph, config))!;
    const plain = await resume(graph, config, [{ type: "approve" }], { interruptId: again.interruptId, signingKey: "another-secret-of-32-characters!" }).catch((e: unknown) => e);
    expect((plain as { code?: string }).code).toBe("INVALID_SIGNATURE");
    expect(deploy.count).toBe(0);
  });

  test("a hook's cancelRun: RUN_CANCELLED from the loop and the outcome, as from start()", async () => {
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ cancelRun: "change freeze" })] });
    const { graph } = reviewedAgent({ hooks });
    const streamed = await drain(await startStream(graph, ask(), newThread()));
    const plain = await start(graph, ask(), newThread()).catch((e: unknown) => e);
    expect(isHITLError(streamed.error, "RUN_CANCELLED")).toBe(true);
    expect((streamed.error as Error).message).toBe((plain as Error).message);
  });

  test("a hook's preventContinuation: the outcome's halted is start()'s", async () => {
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ preventContinuation: true, stopReason: "change freeze" })] });
    const { graph } = reviewedAgent({ hooks, interruptOn: {} });
    const run = await startStream(graph, ask(), newThread());
    await drain(run);
    const streamed = await run.outcome;
    const plain = await start(graph, ask(), newThread());
    expect(streamed.halted).toEqual({ reason: "change freeze", event: "PreToolUse", toolCallId: "d1" });
    expect(streamed.halted).toEqual(plain.halted);
    expect(toolMessages(streamed.values).map((message) => message.content)).toEqual(toolMessages(plain.values).map((message) => message.content));
  });
});
