// Checkpoint writes, claims, leases and the node's reads go as named prepared statements: Postgres
// parses and plans each once per connection instead of on every call (a fenced write is one large
// statement, costly to parse and plan). `preparedStatements: false` sends them as
// plain text, for a pooler that cannot keep a session's prepared statements.
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { isHITLError } from "../../src/index.js";
import { pausedForReads } from "../support/one-read.js";
import { nodeAdapter } from "../behaviour/harness.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { traceQueries, type TracedQuery } from "./support/sql-trace.js";

/** Statements of ours: the fenced checkpoint writes (they check the lease), the lease itself, the claim and its results. */
function oursStatements(queries: readonly TracedQuery[]): TracedQuery[] {
  return queries.filter(({ text }) => /hitl_thread_leases|hitl_claims|hitl_call_results/.test(text));
}

/** Our statements of one pause and one `resume()` of two calls through `saver`, after checking both calls ran once. */
async function statementsOfACycle(saver: HITLPostgresSaver): Promise<TracedQuery[]> {
  const queries = await traceQueries(async () => {
    const { approve, runs } = await pausedForReads(nodeAdapter, saver, 2);
    expect(await approve("resume()")).toBe("applied");
    expect(runs).toEqual([0, 1]);
  });
  return oursStatements(queries);
}

describe("named prepared statements on the Postgres checkpointer", () => {
  let db: TestDatabase;
  let prepared: HITLPostgresSaver;
  let plain: HITLPostgresSaver;
  beforeAll(async () => {
    db = await createTestDatabase();
    prepared = await createPostgresCheckpointer(db.url);
    plain = await createPostgresCheckpointer(db.url, { preparedStatements: false });
  });
  afterAll(async () => {
    await prepared?.end();
    await plain?.end();
    await db?.drop();
  });

  test("by default, a pause and a resume send every fenced checkpoint write, lease, claim and results statement prepared, and the calls run once", async () => {
    const ours = await statementsOfACycle(prepared);
    // Fenced writes (pause and resume), the lease taken and released, the claim, the results.
    expect(ours.length).toBeGreaterThanOrEqual(8);
    expect(ours.filter((query) => query.name === undefined)).toEqual([]);
    for (const { name } of ours) expect(name).toMatch(/^hitl_[0-9a-f]{32}$/);
  });

  test("the same statement gets the same name every time, and different statements different names", async () => {
    const queries = oursStatements(
      await traceQueries(async () => {
        for (let round = 0; round < 2; round += 1) {
          const { approve } = await pausedForReads(nodeAdapter, prepared, 1);
          await approve("resume()");
        }
      }),
    );
    const textsByName = new Map<string, Set<string>>();
    for (const { name, text } of queries) textsByName.set(name!, (textsByName.get(name!) ?? new Set()).add(text));
    for (const texts of textsByName.values()) expect(texts.size).toBe(1);
    expect(new Set(queries.map((query) => query.text)).size).toBe(textsByName.size);
  });

  test("with preparedStatements: false, none is prepared, and a pause and a resume still run the calls once", async () => {
    const ours = await statementsOfACycle(plain);
    expect(ours.length).toBeGreaterThanOrEqual(8);
    expect(ours.filter((query) => query.name !== undefined)).toEqual([]);
  });

  test("the grant store's read of live grants is prepared by default, and plain text with preparedStatements: false", async () => {
    const query = { toolNames: ["deploy"], scopes: [{ name: "thread", key: "t1" }] };
    const reads = async (saver: HITLPostgresSaver) =>
      (await traceQueries(async () => expect(await saver.grantStore.liveGrants(query)).toEqual([]))).filter(({ text }) => /hitl_grants/.test(text));
    const [named] = await reads(prepared);
    expect(named?.name).toMatch(/^hitl_[0-9a-f]{32}$/);
    expect((await reads(plain)).map((read) => read.name)).toEqual([undefined]);
  });

  test.each([["yes"], [1], [null]])("refuses preparedStatements %p with INVALID_OPTIONS naming the field and what it received", async (value) => {
    let thrown: unknown;
    try {
      await createPostgresCheckpointer(db.url, { preparedStatements: value as never });
    } catch (error) {
      thrown = error;
    }
    expect(isHITLError(thrown) && thrown.code).toBe("INVALID_OPTIONS");
    const detail = (thrown as { details?: Array<{ path?: unknown[]; received?: unknown }> }).details?.[0];
    expect(detail?.path).toEqual(["preparedStatements"]);
    expect(detail?.received).toBe(value);
  });
});
