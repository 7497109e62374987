// One read per resume (issue 26), on the Postgres checkpointer: the one statement that reads
// LangGraph's tables in a whole resume is resume()'s own getTuple under the lease; the run's load
// and the node's read of the stored request are served from it — through the HTTP handler too.
import { pausedForReads, READ_CASES } from "../support/one-read.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";
import { traceStatements } from "./support/sql-trace.js";

const session = usePostgresCheckpointer();

/** Statements that read LangGraph's tables (checkpoints, their blobs, their writes). */
function checkpointReads(statements: string[]): string[] {
  return statements.filter((text) => /^\s*select\b/i.test(text) && /\bcheckpoint(s|_writes|_blobs)\b/.test(text));
}

describe("one read per resume on the Postgres checkpointer", () => {
  test.each(READ_CASES)("%s, %s: one statement reads LangGraph's tables for the whole resume, and the calls ran", async (_name, route, adapter) => {
    const { approve, runs } = await pausedForReads(adapter, session.saver, 2);
    let outcome = "";
    const statements = await traceStatements(async () => {
      outcome = await approve(route);
    });
    expect(outcome).toBe(route === "HTTP" ? "applied 2" : "applied");
    expect(runs).toEqual([0, 1]);
    expect(checkpointReads(statements)).toHaveLength(1);
    // The report comes from the judgment the node held: the claim is not read back after the run.
    expect(statements.filter((text) => /^\s*select\b/i.test(text) && /\bhitl_claims\b/.test(text) && /\binterrupt_id\s*=/.test(text))).toHaveLength(0);
  });
});
