// What standing grants cost and how they are stored on Postgres: read only where a grant could
// apply (one indexed statement per batch), committed in the claim's own statement (never one
// without the other), thread-scoped ones deleted with their thread.
import { getInterrupt, HookRegistry, listGrants, resume, type ApprovalToolNodeOptions, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { turnAgent } from "../behaviour/grant-agents.js";
import { nodeAdapter } from "../behaviour/harness.js";
import { ask, countingTool, newThread, type PlannedCall } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";
import { traceStatements } from "./support/sql-trace.js";

const session = usePostgresCheckpointer();
const reviewer = { id: "ada" };
const grantsRead = (statements: string[]) => statements.filter((text) => /FROM "public"\.hitl_grants/.test(text) && text.trimStart().startsWith("SELECT"));

function agentWith(options: ApprovalToolNodeOptions, turns: PlannedCall[][]) {
  const deploy = countingTool("deploy");
  const { graph } = turnAgent(nodeAdapter, [deploy.tool], options, turns, session.saver);
  return { graph, deploy };
}

async function approveWithGrant(graph: ReturnType<typeof agentWith>["graph"], config: object) {
  const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
  return resume(graph, config, { [pending.payload.action_requests[0]!.tool_call_id]: { type: "approve", grant: { scope: "thread" } } }, { interruptId: pending.interruptId, reviewer });
}

describe("reading grants", () => {
  test("a node without the grants option never reads them; one with it reads them once per batch that could be granted, and not at all for a batch of allowed calls", async () => {
    const turns = [[{ name: "deploy", args: { path: "a" }, id: "d1" }], [{ name: "deploy", args: { path: "a" }, id: "d2" }]];
    const without = agentWith({ interruptOn: { deploy: true } }, turns);
    const plain = newThread("no-grants");
    const touchesGrants = (statements: string[]) => statements.filter((text) => text.includes("hitl_grants"));
    expect(touchesGrants(await traceStatements(() => without.graph.invoke(ask(), plain)))).toEqual([]);
    // Its resume (the claim's insert included) and its next batch never name the grants table either.
    const pending = (await getInterrupt<ToolApprovalInterruptPayload>(without.graph, plain))!;
    expect(touchesGrants(await traceStatements(() => resume(without.graph, plain, { d1: { type: "approve" } }, { interruptId: pending.interruptId, reviewer })))).toEqual([]);
    expect(touchesGrants(await traceStatements(() => without.graph.invoke(ask("again"), plain)))).toEqual([]);
    expect(without.deploy.count).toBe(1);

    const withGrants = agentWith({ interruptOn: { deploy: true }, grants: {} }, turns);
    const config = newThread("reads");
    expect(grantsRead(await traceStatements(() => withGrants.graph.invoke(ask(), config)))).toHaveLength(1);
    // The resumed pass applies what the first pass recorded: it reads no grants.
    expect(grantsRead(await traceStatements(() => approveWithGrant(withGrants.graph, config)))).toEqual([]);
    expect(grantsRead(await traceStatements(() => withGrants.graph.invoke(ask("again"), config)))).toHaveLength(1);
    expect(withGrants.deploy.count).toBe(2);

    const allowed = agentWith({ hooks: new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "allow" as const })] }), grants: {} }, turns);
    expect(grantsRead(await traceStatements(() => allowed.graph.invoke(ask(), newThread("allowed"))))).toEqual([]);
  });

  test("the batch's read of live grants uses the partial index", async () => {
    await session.db.pool.query("SET enable_seqscan = off");
    const { rows } = await session.db.pool.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT * FROM "public".hitl_grants WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > clock_timestamp())
       AND (scope_name, scope_key) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND tool_name = ANY($3::text[])`,
      [["thread"], ["t1"], ["deploy"]],
    );
    await session.db.pool.query("RESET enable_seqscan");
    expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/hitl_grants_live/);
  });
});

describe("committing grants", () => {
  test("a grant is inserted in the claim's own statement: when the grant cannot be written, the claim is not either, and nothing runs", async () => {
    const { graph, deploy } = agentWith({ interruptOn: { deploy: true }, grants: {} }, [[{ name: "deploy", args: { path: "a" }, id: "d1" }]]);
    const config = newThread("atomic");
    await graph.invoke(ask(), config);
    // Refuses this thread's grants only (NOT VALID: other tests' rows stay).
    await session.db.pool.query(`ALTER TABLE "public".hitl_grants ADD CONSTRAINT refuse_all CHECK (scope_key <> '${config.configurable.thread_id}') NOT VALID`);
    try {
      const failed = await approveWithGrant(graph, config).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      const claims = await session.db.pool.query("SELECT 1 FROM hitl_claims WHERE thread_id = $1", [config.configurable.thread_id]);
      expect(claims.rowCount).toBe(0);
      expect(deploy.count).toBe(0);
    } finally {
      await session.db.pool.query(`ALTER TABLE "public".hitl_grants DROP CONSTRAINT refuse_all`);
    }
    // LangGraph kept the failed run's resume value: whichever of the two submissions the node judges, it is approve + grant.
    const applied = await approveWithGrant(graph, config);
    expect(applied.judgment).toMatchObject({ reviewer, expired: false });
    expect(deploy.count).toBe(1);
    expect((await listGrants(session.saver, { limit: 10, threadId: config.configurable.thread_id })).items).toHaveLength(1);
  });

  test("deleteThread deletes the thread's own grants and keeps a host scope's", async () => {
    const scopes = { scopes: ["thread", "user"], scopeKeys: { user: () => "u-delete" } };
    const { graph } = agentWith({ interruptOn: { deploy: true }, grants: scopes }, [[{ name: "deploy", args: { path: "a" }, id: "d1" }, { name: "deploy", args: { path: "b" }, id: "d2" }]]);
    const config = newThread("delete");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
    await resume(graph, config, { d1: { type: "approve", grant: { scope: "thread" } }, d2: { type: "approve", grant: { scope: "user" } } }, { interruptId: pending.interruptId, reviewer });
    expect((await listGrants(session.saver, { limit: 10, threadId: config.configurable.thread_id })).items).toHaveLength(1);
    await session.saver.deleteThread(config.configurable.thread_id);
    expect((await listGrants(session.saver, { limit: 10, threadId: config.configurable.thread_id })).items).toEqual([]);
    expect((await listGrants(session.saver, { limit: 10, scope: "user", scopeKey: "u-delete" })).items).toHaveLength(1);
  });

  test("listGrants pages through grants oldest first without repeating or skipping one", async () => {
    const { graph } = agentWith({ interruptOn: { deploy: true }, grants: { scopes: ["thread", "team"], scopeKeys: { team: () => "paging" } } }, [
      Array.from({ length: 5 }, (_, index) => ({ name: "deploy", args: { path: `p${index}` }, id: `d${index}` })),
    ]);
    const config = newThread("paging");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
    const decisions = Object.fromEntries(pending.payload.action_requests.map((request) => [request.tool_call_id, { type: "approve" as const, grant: { scope: "team" } }]));
    await resume(graph, config, decisions, { interruptId: pending.interruptId, reviewer });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listGrants(session.saver, { limit: 2, scope: "team", scopeKey: "paging", ...(cursor === undefined ? {} : { cursor }) });
      seen.push(...page.items.map((grant) => grant.id));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});
