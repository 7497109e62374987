// LangGraph stores a resume value in the checkpoint (a pending write every later read loads), and
// its reader revives an object shaped like a LangChain serialization record: one naming a class
// LangChain cannot load fails every later read of the thread. resume() refuses such a value before
// anything is sent, so the pause stays readable and resumable.
import { Command, MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

const UNLOADABLE = { lc: 1, type: "constructor", id: ["not_a_module", "Nope"], kwargs: {} };

async function pausedDelete(interruptOn: ConstructorParameters<typeof ApprovalToolNode>[1] = { interruptOn: { delete_file: true } }) {
  // Any path is a valid input: what is refused is refused for being unstorable, not by the schema.
  const tool = countingTool("delete_file", { schema: z.object({ path: z.unknown() }) });
  const { graph } = agentGraph(new ApprovalToolNode([tool.tool], interruptOn), [{ name: "delete_file", args: { path: "a" }, id: "d1" }], new MemorySaver());
  const config = newThread("storable");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt(graph, config))!;
  return { graph, config, tool, interruptId: pending.interruptId };
}

describe("resume() refuses a value the checkpoint could not keep as written", () => {
  test.each([
    ["an edit whose arguments hold one", [{ type: "edit", updatedInput: { path: UNLOADABLE } }], [0, "updatedInput", "path"]],
    ["a decision that is one", [UNLOADABLE], [0]],
    ["a reject message holding lc: 2", [{ type: "reject", message: { lc: 2, type: "undefined" } }], [0, "message"]],
  ])("%s: INVALID_DECISION naming where, nothing is sent, and the pause stays readable and resumable", async (_label, value, path) => {
    const { graph, config, tool, interruptId } = await pausedDelete();
    const error = await resume(graph, config, value as never, { interruptId }).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_DECISION")).toBe(true);
    expect((error as { details: unknown }).details).toEqual([expect.objectContaining({ path, message: expect.stringContaining("LangChain serialization record") })]);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
    await resume(graph, config, [{ type: "approve" }], { interruptId });
    expect(tool.runs).toEqual([{ path: "a" }]);
  });

  test("an approval past its deadline, whose value is sent unvalidated for the node to judge, is refused the same way", async () => {
    const { graph, config, tool, interruptId } = await pausedDelete({ interruptOn: { delete_file: { expiresInMs: 1 } } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await resume(graph, config, [UNLOADABLE] as never, { interruptId }).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_DECISION")).toBe(true);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
    expect(tool.count).toBe(0);
  });

  test("an answer to a question holding one: INVALID_ANSWER, and the question still waits", async () => {
    const { graph } = agentGraph(new ApprovalToolNode([createAskUserQuestionTool()]), [{ name: "ask_user_question", args: { question: "Which region?" }, id: "q1" }], new MemorySaver());
    const config = newThread("storable-q");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt(graph, config))!;
    const error = await resume(graph, config, { answer: UNLOADABLE } as never, { interruptId: pending.interruptId }).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_ANSWER")).toBe(true);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(pending.interruptId);
  });

  test("a record the reader keeps as written (a secret record) is not refused: the edit runs with exactly it", async () => {
    const { graph, config, tool, interruptId } = await pausedDelete();
    const secret = { lc: 1, type: "secret", id: ["API_KEY"] };
    await resume(graph, config, [{ type: "edit", updatedInput: { path: secret } }], { interruptId });
    expect(tool.runs).toEqual([{ path: secret }]);
  });
});

// What resume() guards against, measured on LangGraph itself (langgraphjs#2346): any client that can
// send a raw Command can do this to a thread; the README states it as a limit.
test("documented limit: a raw Command whose value holds a record LangChain cannot load makes every later read of the thread fail", async () => {
  const { graph, config, interruptId } = await pausedDelete();
  await graph.invoke(new Command({ resume: { [interruptId]: [UNLOADABLE] } }), config);
  await expect(graph.getState(config)).rejects.toThrow("Invalid namespace");
});
