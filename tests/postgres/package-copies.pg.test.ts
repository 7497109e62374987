// Two copies of the package in one process on Postgres (a graph built from the CommonJS build, a
// host using the ES module build): the host copy's resume() holds the thread's lease in the
// graph copy's checkpointer, hands it the head it read, and the node claims the batch in the
// same tables — one read of LangGraph's tables, one run, as with one copy.
import pg from "pg";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { inFreshModules } from "../support/fresh-modules.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { traceStatements } from "./support/sql-trace.js";

type Library = typeof import("../../src/index.js");
type Postgres = typeof import("../../src/postgres/index.js");

/** A copy of the package's root entry and its Postgres entry, as one more module instance. */
function loadCopy(): { library: Library; postgres: Postgres } {
  return inFreshModules(() => ({ library: require("../../src/index.js") as Library, postgres: require("../../src/postgres/index.js") as Postgres }));
}

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  // This file's pg: the statement trace patches its client, and the graph copy's saver queries through it.
  pool = new pg.Pool({ connectionString: db.url });
});
afterAll(async () => {
  await pool.end().catch(() => undefined);
  await db.drop();
});

const checkpointReads = (statements: string[]) => statements.filter((text) => /^\s*select\b/i.test(text) && /\bcheckpoint(s|_writes|_blobs)\b/.test(text));

describe("two copies of the package on one Postgres checkpointer", () => {
  test("the host copy's resume() of the graph copy's approval: applied, each call run once, one read of LangGraph's tables", async () => {
    const graphCopy = loadCopy();
    const hostCopy = loadCopy();
    expect(hostCopy.library.resume).not.toBe(graphCopy.library.resume);
    const saver = await graphCopy.postgres.createPostgresCheckpointer(pool, { schema: "copies" });
    const deploy = countingTool("deploy");
    const node = new graphCopy.library.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }, { name: "deploy", args: { path: "db" }, id: "d2" }], saver);
    const config = newThread("pg-copies");
    await graph.invoke(ask(), config);
    const pending = (await hostCopy.library.getInterrupt(graph, config))!;
    let status = "";
    const statements = await traceStatements(async () => {
      status = (await hostCopy.library.resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending.interruptId })).status;
    });
    expect(status).toBe("applied");
    expect(deploy.count).toBe(2);
    expect(checkpointReads(statements)).toHaveLength(1);
  });
});
