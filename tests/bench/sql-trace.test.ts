import { keywordOf, splitStatements, writesData } from "../../bench/support/sql-statements.js";
import { readsOf, TransactionTracker, writeTransactions, type SqlTrace } from "../../bench/support/sql-trace.js";

describe("splitting SQL into statements", () => {
  test.each<[string, string, string[]]>([
    ["one statement", "SELECT 1", ["SELECT 1"]],
    ["a trailing semicolon", "SELECT 1;", ["SELECT 1"]],
    ["a block in one string", "BEGIN; INSERT INTO t VALUES (1); COMMIT", ["BEGIN", "INSERT INTO t VALUES (1)", "COMMIT"]],
    ["a semicolon inside a string literal", "INSERT INTO t VALUES ('a;b'); SELECT 2", ["INSERT INTO t VALUES ('a;b')", "SELECT 2"]],
    ["an escaped quote in a literal", "SELECT 'it''s; fine'; SELECT 3", ["SELECT 'it''s; fine'", "SELECT 3"]],
    ["a semicolon in a quoted identifier", 'SELECT 1 AS "a;b"; SELECT 2', ['SELECT 1 AS "a;b"', "SELECT 2"]],
    ["a dollar-quoted function body", "CREATE FUNCTION f() RETURNS void AS $body$ BEGIN PERFORM 1; END $body$ LANGUAGE plpgsql; SELECT 1", ["CREATE FUNCTION f() RETURNS void AS $body$ BEGIN PERFORM 1; END $body$ LANGUAGE plpgsql", "SELECT 1"]],
    ["an anonymous dollar quote", "DO $$ BEGIN PERFORM 1; END $$; SELECT 1", ["DO $$ BEGIN PERFORM 1; END $$", "SELECT 1"]],
    ["parameters, which are not dollar quotes", "SELECT $1, $2; SELECT 3", ["SELECT $1, $2", "SELECT 3"]],
    ["line and block comments", "SELECT 1 -- a; comment\n; /* another; */ SELECT 2", ["SELECT 1 -- a; comment", "/* another; */ SELECT 2"]],
    ["empty statements", ";; SELECT 1 ;  ;", ["SELECT 1"]],
  ])("%s", (_, text, expected) => {
    expect(splitStatements(text)).toEqual(expected);
  });

  test("names a statement by its first keyword and knows which ones write", () => {
    expect(keywordOf("  select 1")).toBe("SELECT");
    expect(keywordOf("WITH(x) AS (SELECT 1) SELECT 1")).toBe("WITH");
    expect(writesData("INSERT INTO t VALUES (1)")).toBe(true);
    expect(writesData("WITH c AS (UPDATE t SET a = 1 RETURNING *) SELECT * FROM c")).toBe(true);
    expect(writesData("WITH c AS (SELECT 1) SELECT * FROM c")).toBe(false);
    expect(writesData("SELECT * FROM t FOR UPDATE")).toBe(false);
  });
});

describe("following the transactions of traced queries", () => {
  const replay = (queries: Array<[object, string]>): SqlTrace => {
    const tracker = new TransactionTracker();
    for (const [client, text] of queries) tracker.record(client, text);
    return { statements: tracker.statements, roundTrips: tracker.roundTrips, transactions: tracker.transactions };
  };

  test("a BEGIN … COMMIT block is one transaction, a statement outside one is its own", () => {
    const client = {};
    const trace = replay([
      [client, "SELECT 1"],
      [client, "BEGIN"],
      [client, "INSERT INTO ours.checkpoints VALUES (1)"],
      [client, "INSERT INTO ours.checkpoint_blobs VALUES (1)"],
      [client, "COMMIT"],
      [client, "INSERT INTO ours.hitl_claims VALUES (1)"],
    ]);
    expect(trace).toMatchObject({ roundTrips: 6, transactions: 3 });
    expect(trace.statements.map((statement) => statement.transaction)).toEqual([1, 2, 2, 2, 2, 3]);
  });

  test("a multi-statement query is one round trip, one implicit transaction, and as many statements as it holds", () => {
    const trace = replay([[{}, "INSERT INTO a VALUES (1); INSERT INTO b VALUES (2)"]]);
    expect(trace).toMatchObject({ roundTrips: 1, transactions: 1 });
    expect(trace.statements).toHaveLength(2);
  });

  test("a block sent in one string is one round trip and one transaction", () => {
    const trace = replay([[{}, "BEGIN; INSERT INTO a VALUES (1); COMMIT; SELECT 1"]]);
    expect(trace).toMatchObject({ roundTrips: 1, transactions: 2, statements: expect.any(Array) });
    expect(trace.statements.map((statement) => statement.transaction)).toEqual([1, 1, 1, 2]);
  });

  test("each client's block is its own, when two clients interleave", () => {
    const one = {};
    const two = {};
    const trace = replay([
      [one, "BEGIN"],
      [two, "INSERT INTO x VALUES (1)"],
      [one, "INSERT INTO y VALUES (1)"],
      [one, "COMMIT"],
    ]);
    expect(trace.transactions).toBe(2);
    expect(trace.statements.map((statement) => statement.transaction)).toEqual([1, 2, 1, 1]);
  });

  test("tells commits of our claim tables made on their own from ones riding on LangGraph's writes", () => {
    const client = {};
    const trace = replay([
      [client, 'INSERT INTO "ours".hitl_claims VALUES (1) ON CONFLICT DO NOTHING'],
      [client, 'WITH claimed AS (INSERT INTO "ours".hitl_claims VALUES (2) RETURNING 1) INSERT INTO "ours".checkpoint_writes SELECT 1 FROM claimed'],
      [client, 'SELECT * FROM "ours".hitl_claims'],
      [client, 'INSERT INTO "ours".hitl_claims_archive VALUES (3)'],
    ]);
    expect([...writeTransactions(trace, ["hitl_claims"], ["checkpoints", "checkpoint_writes"])]).toEqual([1]);
    expect([...writeTransactions(trace, ["hitl_claims"])]).toEqual([1, 2]);
    expect(readsOf(trace, ["hitl_claims"])).toHaveLength(1);
  });
});
