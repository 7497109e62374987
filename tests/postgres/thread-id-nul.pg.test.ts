// A thread id with the NUL character: Postgres text cannot hold it, so every API of this library
// refuses it with INVALID_OPTIONS on every checkpointer, instead of the driver's raw error.
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
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
