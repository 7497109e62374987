// deleteThread removes a thread from LangGraph's tables and from every table of this library in
// one statement: all of it goes, or — when anything fails — none of it.
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { ApprovalToolNode, getInterrupt } from "../../src/index.js";
import { agentGraph, countingTool, newThread } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const session = usePostgresCheckpointer();

const TABLES = ["checkpoints", "checkpoint_blobs", "checkpoint_writes", "hitl_pending_interrupts", "hitl_claims", "hitl_call_results", "hitl_continuations", "hitl_thread_leases"];

async function rowsPerTable(threadId: string): Promise<Record<string, number>> {
  const counts = await Promise.all(TABLES.map(async (table) => [table, (await session.db.pool.query(`SELECT 1 FROM ${table} WHERE thread_id = $1`, [threadId])).rowCount ?? 0] as const));
  return Object.fromEntries(counts);
}

/** A thread with a row in every table: paused (inbox), a claim with a result, continuation records, a lease. */
async function threadEverywhere(label: string): Promise<string> {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "/srv" }, id: "d1" }], session.saver);
  const config = newThread(label);
  const threadId = config.configurable.thread_id;
  await graph.invoke({ messages: [new HumanMessage("deploy")] }, config);
  const pending = await getInterrupt(graph, config);
  const key = { threadId, namespace: "tools:x", checkpointId: String((await graph.getState(config)).config.configurable?.["checkpoint_id"]) };
  const review = { decisions: {}, verdicts: {}, decidedAt: new Date().toISOString(), reviewerVerified: false, interruptId: pending!.interruptId, raises: 1, submissionDigest: "" };
  await session.saver.claimStore.acquire(key, { attempt: "a", owner: "o", review });
  await session.saver.claimStore.saveResults(key, "o", [["d1", new ToolMessage({ content: "done", tool_call_id: "d1" })]]);
  await session.saver.continuationLeases.acquire(threadId, "token");
  return threadId;
}

describe("deleteThread is atomic", () => {
  test("it deletes the thread's rows from every table, and nothing of another thread", async () => {
    const [doomed, kept] = [await threadEverywhere("doomed"), await threadEverywhere("kept")];
    const before = await rowsPerTable(kept);
    expect(Object.values(before).every((count) => count > 0)).toBe(true);
    await session.saver.deleteThread(doomed);
    expect(Object.values(await rowsPerTable(doomed))).toEqual(TABLES.map(() => 0));
    expect(await rowsPerTable(kept)).toEqual(before);
  });

  test("when deleting fails part-way (here: on the last table), every row of the thread stays", async () => {
    const threadId = await threadEverywhere("half");
    const before = await rowsPerTable(threadId);
    await session.db.pool.query(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_delete BEFORE DELETE ON hitl_thread_leases FOR EACH ROW EXECUTE FUNCTION refuse_delete()`);
    try {
      await expect(session.saver.deleteThread(threadId)).rejects.toThrow("refused");
      expect(await rowsPerTable(threadId)).toEqual(before);
    } finally {
      await session.db.pool.query("DROP TRIGGER refuse_delete ON hitl_thread_leases; DROP FUNCTION refuse_delete()");
    }
    await session.saver.deleteThread(threadId);
    expect(Object.values(await rowsPerTable(threadId))).toEqual(TABLES.map(() => 0));
  });
});
