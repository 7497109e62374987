// Ids with the NUL character: Postgres text cannot hold it, so every API of this library refuses a
// thread id or an interrupt id holding one with INVALID_OPTIONS (HTTP 400) on every checkpointer,
// instead of the driver's raw error (or a 500).
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { createApprovalHandler } from "../../src/http/index.js";
import { ApprovalToolNode, getHaltReason, getInterrupt, getInterrupts, isHITLError, resume, resumeStream, start, startStream, type HITLError } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const session = usePostgresCheckpointer();
const NUL_ID = "support\u000042";

type Graph = Parameters<typeof getInterrupt>[0];
type Config = Parameters<typeof getInterrupt>[1];
const calls: ReadonlyArray<readonly [string, (graph: Graph, config: Config) => Promise<unknown>]> = [
  ["getInterrupt", getInterrupt],
  ["getInterrupts", getInterrupts],
  ["resume", (graph, config) => resume(graph, config, [{ type: "approve" }], { interruptId: "x" })],
  ["resumeStream", (graph, config) => resumeStream(graph, config, [{ type: "approve" }], { interruptId: "x" })],
  ["getHaltReason", getHaltReason],
  ["start", (graph, config) => start(graph, ask(), config)],
  ["startStream", (graph, config) => startStream(graph, ask(), config)],
];

const failure = (promise: Promise<unknown>): Promise<HITLError> => promise.then(() => { throw new Error("it did not throw"); }, (error: HITLError) => error);

describe("a thread id with the NUL character", () => {
  const savers: Array<readonly [string, () => BaseCheckpointSaver]> = [["Postgres", () => session.saver], ["MemorySaver", () => new MemorySaver()]];
  test.each(savers.flatMap(([saverName, saver]) => calls.map(([name, call]) => [name, saverName, call, saver] as const)))(
    "%s on %s throws INVALID_OPTIONS naming configurable.thread_id, and nothing runs",
    async (name, _saverName, call, saver) => {
      const tool = countingTool("delete_file");
      const { graph } = agentGraph(new ApprovalToolNode([tool.tool], { interruptOn: { delete_file: false } }), [{ name: "delete_file", args: { path: "a" } }], saver());
      const error = await failure(call(graph, { configurable: { thread_id: NUL_ID } }));
      expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
      expect(error.message.startsWith(`${name}() cannot take`)).toBe(true);
      expect(error.details).toEqual([expect.objectContaining({ path: ["configurable", "thread_id"], received: NUL_ID })]);
      expect(tool.count).toBe(0);
    },
  );

  test("deleteThread on the Postgres checkpointer deletes nothing and does not throw (no thread can have that id); other threads stay", async () => {
    const tool = countingTool("delete_file");
    const { graph } = agentGraph(new ApprovalToolNode([tool.tool], { interruptOn: { delete_file: true } }), [{ name: "delete_file", args: { path: "a" } }], session.saver);
    const config = newThread("kept");
    await graph.invoke(ask(), config);
    await expect(session.saver.deleteThread(NUL_ID)).resolves.toBeUndefined();
    expect(await getInterrupt(graph, config)).toBeDefined();
  });
});

describe("an interruptId that is not a non-empty string without the NUL character", () => {
  test.each([
    ["with the NUL character", "a\u0000b"],
    ["empty", ""],
    ["a number", 5],
    ["an object", { id: "x" }],
  ])("resume() refuses one %s with INVALID_OPTIONS naming interruptId before reading anything; the approval still waits and nothing ran", async (_what, interruptId) => {
    const tool = countingTool("delete_file");
    const { graph } = agentGraph(new ApprovalToolNode([tool.tool], { interruptOn: { delete_file: true } }), [{ name: "delete_file", args: { path: "a" } }], session.saver);
    const config = newThread("bad-interrupt-id");
    await graph.invoke(ask(), config);
    const error = await failure(resume(graph, config, [{ type: "approve" }], { interruptId: interruptId as string }));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(error.details).toEqual([expect.objectContaining({ path: ["interruptId"], received: interruptId })]);
    expect(tool.count).toBe(0);
    expect(await getInterrupt(graph, config)).toBeDefined();
  });

  test("the HTTP handler answers one with the NUL character with a 400 problem (INVALID_OPTIONS), never a 500", async () => {
    const tool = countingTool("delete_file");
    const { graph } = agentGraph(new ApprovalToolNode([tool.tool], { interruptOn: { delete_file: true } }), [{ name: "delete_file", args: { path: "a" } }], session.saver);
    const config = newThread("http-bad-interrupt-id");
    await graph.invoke(ask(), config);
    const handler = createApprovalHandler({ graph, authenticate: () => ({ id: "ada" }), expirySweeper: false });
    const response = await handler(
      new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ interruptId: "a\u0000b", decisions: [{ type: "approve" }] }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_OPTIONS" });
    expect(tool.count).toBe(0);
  });
});
