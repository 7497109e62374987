// A real Postgres crash (an immediate shutdown of its own OS process, then crash recovery), at
// production durability: everything this library keeps in Postgres survives it — the continuation
// leases too. Unlogged leases would save each cycle two WAL flushes (≈ 0.4 ms, measured), but a
// crash or a failover would empty them: a run continuing a thread would be fenced out of its next
// write and its thread would wait for the claim's lease (30 s) before anyone could complete it.
// The last test is what keeps that choice: it fails with unlogged leases.
import type pg from "pg";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, newThread, toolMessages } from "../support/fixtures.js";
import { startRestartablePostgres, type RestartablePostgres } from "../support/postgres/restartable-postgres.js";

jest.setTimeout(90_000);

let server: RestartablePostgres;
let pool: pg.Pool;
let saver: HITLPostgresSaver;

/** Crashes or starts the Postgres child and waits until it is carried out. */
const postgres = (command: "crash" | "up"): Promise<void> => server.command(command);

beforeAll(async () => {
  // At production durability: with the fast test settings a crash also loses the last commits.
  server = await startRestartablePostgres({ durable: true });
  pool = server.pool;
  saver = await createPostgresCheckpointer(pool);
});
afterAll(async () => {
  await saver.end().catch(() => undefined);
  await server.stop();
});

/** Whether Postgres keeps each of our tables through a crash (`p`: WAL-logged, `u`: unlogged). */
async function persistence(): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ relname: string; relpersistence: string }>(
    "SELECT c.relname, c.relpersistence FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname LIKE 'hitl\\_%'",
  );
  return Object.fromEntries(rows.map((row) => [row.relname, row.relpersistence]));
}

/** A tool that, once started, waits until the test lets it finish. */
function gatedTool() {
  let started!: () => void;
  let release!: () => void;
  const startedOnce = new Promise<void>((resolve) => (started = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const runs: unknown[] = [];
  const deploy = tool(
    async (args) => {
      runs.push(args);
      started();
      await gate;
      return `deployed ${args.path}`;
    },
    { name: "deploy", description: "Deploys", schema: z.object({ path: z.string() }) },
  );
  return { deploy, runs, startedOnce, release };
}

/** The agent the tests pause: one `deploy` call, asked for. */
function deployAgent(deploy: ReturnType<typeof gatedTool>["deploy"]) {
  return agentGraph(new ApprovalToolNode([deploy], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver).graph;
}

describe("when Postgres crashes", () => {
  test("every table of ours is WAL-logged, so recovery keeps the leases, claims, results, first continuations, inbox and grants", async () => {
    const tables = await persistence();
    for (const table of ["hitl_thread_leases", "hitl_claims", "hitl_call_results", "hitl_continuations", "hitl_pending_interrupts", "hitl_grants", "hitl_migrations"]) {
      expect([table, tables[table]]).toEqual([table, "p"]);
    }
  });

  test("a run paused before the crash is resumed after recovery, its tool once", async () => {
    const { deploy, runs, release } = gatedTool();
    release();
    const graph = deployAgent(deploy);
    const config = newThread("crash-paused");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    await postgres("crash");
    await postgres("up");
    const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(toolMessages(values).map((message) => [message.tool_call_id, message.status])).toEqual([["d1", "success"]]);
    expect(runs).toHaveLength(1);
  });

  test("a run continuing a thread when Postgres crashes, its tool mid-call, completes in the same resume after recovery; the tool runs once", async () => {
    const { deploy, runs, startedOnce, release } = gatedTool();
    const graph = deployAgent(deploy);
    const config = newThread("crash-running");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const resumed = resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    // The claim is committed before a tool runs: the crash comes after the judgment, before the result.
    await startedOnce;
    await postgres("crash");
    await postgres("up");
    release();
    const { values, status } = await resumed;
    expect(status).toBe("applied");
    expect(toolMessages(values).map((message) => [message.tool_call_id, message.status, message.content])).toEqual([["d1", "success", "deployed app"]]);
    expect(runs).toHaveLength(1);
    expect(await getInterrupt(graph, config)).toBeUndefined();
  });
});
