/**
 * The "also seen" differences between LangChain's `humanInTheLoopMiddleware` (langchain 1.5.14,
 * the control) and `approvalMiddleware`, each shown on both with the same agent: what README's
 * "Switching from humanInTheLoopMiddleware" table says, checked.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { z } from "zod";
import { approvalMiddleware } from "../../src/langchain/index.js";
import type { AgentGraph } from "../behaviour/harness.js";
import { ScriptedChatModel, ask, countingTool, interruptsOf, newThread, toolCallingScript, toolMessages } from "../support/fixtures.js";

type Middleware = "langchain" | "ours";

function agentWith(kind: Middleware, options: Record<string, unknown>) {
  const writeFile = countingTool("write_file", { schema: z.object({ filename: z.string().min(1) }) });
  const deleteFile = countingTool("delete_file", { schema: z.object({ filename: z.string().min(1) }) });
  const middleware = kind === "langchain" ? humanInTheLoopMiddleware(options as never) : approvalMiddleware(options as never);
  const model = new ScriptedChatModel(toolCallingScript([{ name: "write_file", args: { filename: "a.txt" }, id: "w1" }]));
  const agent = createAgent({ model, tools: [writeFile.tool, deleteFile.tool], middleware: [middleware] as never, checkpointer: new MemorySaver() }) as unknown as AgentGraph;
  return { agent, writeFile, deleteFile };
}

async function pausedThenResumed(kind: Middleware, options: Record<string, unknown>, resume: unknown) {
  const made = agentWith(kind, options);
  const config = newThread(kind);
  await made.agent.invoke(ask(), config);
  const outcome = await made.agent.invoke(new Command({ resume }), config).then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...made, ...outcome };
}

const reraisedCode = (value: unknown) => (interruptsOf(value)[0]?.value as { error?: { code?: string } } | undefined)?.error?.code;

describe("intended differences from humanInTheLoopMiddleware", () => {
  test("an edit that names another tool: LangChain runs that other tool; ours refuses the edit (INVALID_EDIT) and nothing runs", async () => {
    const edit = { decisions: [{ type: "edit", editedAction: { name: "delete_file", args: { filename: "a.txt" } } }] };
    const theirs = await pausedThenResumed("langchain", { interruptOn: { write_file: true } }, edit);
    expect([theirs.writeFile.count, theirs.deleteFile.count]).toEqual([0, 1]);
    const ours = await pausedThenResumed("ours", { interruptOn: { write_file: true } }, edit);
    expect([ours.writeFile.count, ours.deleteFile.count]).toEqual([0, 0]);
    expect(reraisedCode(ours.value)).toBe("INVALID_EDIT");
  });

  test("an edit whose arguments break the tool's schema: LangChain runs the call and the model gets the schema error; ours refuses the edit and nothing runs", async () => {
    const edit = { decisions: [{ type: "edit", editedAction: { name: "write_file", args: { filename: "" } } }] };
    const theirs = await pausedThenResumed("langchain", { interruptOn: { write_file: true } }, edit);
    expect(toolMessages(theirs.value ?? {}).map((message) => message.status)).toEqual(["error"]);
    const ours = await pausedThenResumed("ours", { interruptOn: { write_file: true } }, edit);
    expect(reraisedCode(ours.value)).toBe("INVALID_EDIT");
    expect(ours.writeFile.count).toBe(0);
  });

  test("an interruptOn key that is a near miss of a tool: LangChain ignores it and the tool runs unreviewed; ours refuses it before any tool runs", async () => {
    const theirs = agentWith("langchain", { interruptOn: { write_fiel: true } });
    await theirs.agent.invoke(ask(), newThread());
    expect(theirs.writeFile.count).toBe(1);
    const ours = agentWith("ours", { interruptOn: { write_fiel: true } });
    const error = await ours.agent.invoke(ask(), newThread()).catch((caught: unknown) => caught);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("INVALID_OPTIONS");
    expect(ours.writeFile.count).toBe(0);
  });

  test("interruptOn: true allows respond for us; LangChain JS refuses it", async () => {
    const respond = { decisions: [{ type: "respond", message: "already written" }] };
    const theirs = await pausedThenResumed("langchain", { interruptOn: { write_file: true } }, respond);
    expect(theirs.error).toBeDefined();
    const ours = await pausedThenResumed("ours", { interruptOn: { write_file: true } }, respond);
    expect(toolMessages(ours.value ?? {}).map((message) => [message.status, message.content])).toEqual([["success", "already written"]]);
    expect(ours.writeFile.count).toBe(0);
  });

  test("a tool config without allowedDecisions: LangChain 1.5.14 fails the run; ours asks, with every decision allowed", async () => {
    const theirs = agentWith("langchain", { interruptOn: { write_file: { description: "check it" } } });
    await expect(theirs.agent.invoke(ask(), newThread())).rejects.toThrow();
    const ours = agentWith("ours", { interruptOn: { write_file: { description: "check it" } } });
    const value = interruptsOf(await ours.agent.invoke(ask(), newThread()))[0]?.value as { review_configs: Array<{ allowed_decisions: string[] }> };
    expect([...(value.review_configs[0]?.allowed_decisions ?? [])].sort()).toEqual(["approve", "edit", "reject", "respond"]);
  });

  test("a run's context cannot change interruptOn: LangChain lets invoke({ context }) turn the approval off; ours ignores it", async () => {
    const context = { context: { interruptOn: { write_file: false } } };
    const theirs = agentWith("langchain", { interruptOn: { write_file: true } });
    await theirs.agent.invoke(ask(), { ...newThread(), ...context } as never);
    expect(theirs.writeFile.count).toBe(1);
    const ours = agentWith("ours", { interruptOn: { write_file: true } });
    const result = await ours.agent.invoke(ask(), { ...newThread(), ...context } as never);
    expect(interruptsOf(result)).toHaveLength(1);
    expect(ours.writeFile.count).toBe(0);
  });
});
