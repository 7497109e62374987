// pruneResolved: what a resumed batch leaves behind (its claim, its calls' results, the thread's
// continuation records, a dead run's lease) is deleted once nothing can need it, and only then.
import { HumanMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph, type StateSnapshot } from "@langchain/langgraph";
import { ApprovalToolNode, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

const LEASE_MS = 200;
let db: TestDatabase;
let saver: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  saver = await createPostgresCheckpointer(db.url, { claimLeaseMs: LEASE_MS });
});
afterAll(async () => {
  await saver.end();
  await db.drop();
});

const DAY = 86_400_000;
const cutoff = (): Date => new Date(Date.now() - DAY);
const lapse = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));

/** Makes every row of this library two days old (as if the threads had been resumed then). */
async function ageEverything(): Promise<void> {
  await db.pool.query(`UPDATE hitl_claims SET claimed_at = claimed_at - interval '2 days';
    UPDATE hitl_continuations SET created_at = created_at - interval '2 days'`);
}

async function ownRows(threadId: string): Promise<Record<string, number>> {
  const tables = ["hitl_claims", "hitl_call_results", "hitl_continuations", "hitl_thread_leases"];
  const counts = await Promise.all(tables.map(async (table) => [table, (await db.pool.query(`SELECT 1 FROM ${table} WHERE thread_id = $1`, [threadId])).rowCount ?? 0] as const));
  return Object.fromEntries(counts);
}

function deployAgent(calls = 1) {
  const deploy = countingTool("deploy");
  const planned = Array.from({ length: calls }, (_, index) => ({ name: "deploy", args: { path: `/srv/${index}` }, id: `d${index}` }));
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), planned, saver);
  return { graph, deploy, calls: planned };
}

/** A thread paused on one approval batch; returns its config and the batch's claim key. */
async function pausedThread(label: string, calls = 1) {
  const agent = deployAgent(calls);
  const config = newThread(label);
  await agent.graph.invoke({ messages: [new HumanMessage("deploy")] }, config);
  const state = await agent.graph.getState(config);
  const key = { threadId: config.configurable.thread_id, namespace: `tools:${state.tasks[0]!.id}`, checkpointId: String(state.config.configurable?.["checkpoint_id"]) };
  return { ...agent, config, key, interruptId: (await getInterrupt(agent.graph, config))!.interruptId };
}

async function resumedThread(label: string, calls = 1) {
  const paused = await pausedThread(label, calls);
  await resume(paused.graph, paused.config, paused.calls.map(() => ({ type: "approve" as const })), { interruptId: paused.interruptId });
  return paused;
}

/** Prunes until nothing more is due; returns the totals. */
async function pruneAll(): Promise<{ claims: number; callResults: number; continuations: number; leases: number }> {
  const total = { claims: 0, callResults: 0, continuations: 0, leases: 0 };
  for (;;) {
    const { more, ...counts } = await saver.pruneResolved({ olderThan: cutoff() });
    for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += counts[key];
    if (!more) return total;
  }
}

function review(interruptId: string) {
  return { decisions: {}, verdicts: {}, decidedAt: new Date().toISOString(), reviewerVerified: false, interruptId, raises: 1, submissionDigest: "" };
}

describe("pruneResolved deletes what a resumed batch left behind", () => {
  test("a finished batch's claim and results and the thread's continuation records go; the thread reads as before, and its answered interrupt still cannot be resumed or replayed into running again", async () => {
    const resumed = await resumedThread("finished", 3);
    const threadId = resumed.config.configurable.thread_id;
    const before = await resumed.graph.getState(resumed.config);
    const rowsBefore = await ownRows(threadId);
    expect(rowsBefore).toMatchObject({ hitl_claims: 1, hitl_call_results: 3 });
    await lapse();
    await ageEverything();
    const pruned = await pruneAll();
    expect(pruned).toMatchObject({ claims: 1, callResults: 3, continuations: rowsBefore["hitl_continuations"] });
    expect(await ownRows(threadId)).toEqual({ hitl_claims: 0, hitl_call_results: 0, hitl_continuations: 0, hitl_thread_leases: 0 });
    expect((await resumed.graph.getState(resumed.config)).values).toEqual(before.values);

    const again = await resume(resumed.graph, resumed.config, resumed.calls.map(() => ({ type: "approve" as const })), { interruptId: resumed.interruptId }).catch((error: unknown) => error);
    expect(isHITLError(again, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
    // Replaying the paused checkpoint: LangGraph applies the batch's stored results instead of running it.
    await resumed.graph.invoke(null, { configurable: { thread_id: threadId, checkpoint_id: resumed.key.checkpointId } });
    expect(resumed.deploy.count).toBe(3);
  });

  test("what can still be resumed or taken over stays: a paused batch's claim at the thread's head (lapsed, or released), one the thread moved past unfinished, a claim still held, every row of a thread whose lease is live, and rows younger than olderThan", async () => {
    const lapsedAtHead = await pausedThread("head-lapsed");
    await saver.claimStore.acquire(lapsedAtHead.key, { attempt: "a", owner: "dead", review: review(lapsedAtHead.interruptId) });
    const releasedAtHead = await pausedThread("head-released");
    await saver.claimStore.acquire(releasedAtHead.key, { attempt: "a", owner: "paused-again", review: review(releasedAtHead.interruptId) });
    await saver.claimStore.release(releasedAtHead.key, "paused-again");
    // The thread moved on past a batch that never finished (updateState): a replay of that checkpoint would run it.
    const movedOn = await pausedThread("moved-on");
    await saver.claimStore.acquire(movedOn.key, { attempt: "a", owner: "dead", review: review(movedOn.interruptId) });
    await movedOn.graph.updateState(movedOn.config, { messages: [new HumanMessage("never mind")] });
    const held = await resumedThread("held");
    const leased = await resumedThread("leased");
    await lapse();
    // An execution holding the claim renews it; a run continuing the thread holds its lease.
    await db.pool.query("UPDATE hitl_claims SET lease_until = clock_timestamp() + interval '1 hour' WHERE thread_id = $1", [held.key.threadId]);
    expect(await saver.continuationLeases.acquire(leased.key.threadId, "running")).toBe(true);
    await ageEverything();
    const claimsOf = async (threadId: string) => {
      const { hitl_claims: claims, hitl_call_results: results } = await ownRows(threadId);
      return { claims, results };
    };
    const kept = [lapsedAtHead, releasedAtHead, movedOn, held].map((thread) => thread.key.threadId);
    const [before, leasedBefore] = [await Promise.all(kept.map(claimsOf)), await ownRows(leased.key.threadId)];
    await pruneAll();
    expect(await Promise.all(kept.map(claimsOf))).toEqual(before);
    expect(await ownRows(leased.key.threadId)).toEqual(leasedBefore);

    const young = await resumedThread("young");
    await lapse();
    const youngRows = await ownRows(young.key.threadId);
    await pruneAll();
    expect(await ownRows(young.key.threadId)).toEqual(youngRows);

    // Once the run let go of the thread, its rows go too.
    await saver.continuationLeases.release(leased.key.threadId, "running");
    await pruneAll();
    expect(await ownRows(leased.key.threadId)).toEqual({ hitl_claims: 0, hitl_call_results: 0, hitl_continuations: 0, hitl_thread_leases: 0 });
  });

  test("in a subgraph, a finished batch's claim goes and a paused one's stays", async () => {
    const subgraphAgent = () => {
      const deploy = countingTool("deploy");
      const inner = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "/srv" }, id: "d0" }], false).graph;
      return { graph: new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").addEdge("inner", END).compile({ checkpointer: saver }), deploy };
    };
    const [finished, paused] = [subgraphAgent(), subgraphAgent()];
    const [done, waiting] = [newThread("sub-finished"), newThread("sub-paused")];
    for (const [agent, config] of [[finished, done], [paused, waiting]] as const) await agent.graph.invoke({ messages: [new HumanMessage("deploy")] }, config);
    await resume(finished.graph, done, [{ type: "approve" }], { interruptId: (await getInterrupt(finished.graph, done))!.interruptId });
    expect(finished.deploy.count).toBe(1);
    // The paused batch's claim, as a resumer that died before any tool ran left it.
    const inner = (await paused.graph.getState(waiting, { subgraphs: true })).tasks[0]!.state as StateSnapshot;
    const namespace = `${String(inner.config.configurable?.["checkpoint_ns"])}|tools:${inner.tasks[0]!.id}`;
    const key = { threadId: waiting.configurable.thread_id, namespace, checkpointId: String(inner.config.configurable?.["checkpoint_id"]) };
    await saver.claimStore.acquire(key, { attempt: "a", owner: "dead", review: review("x") });
    const { rows } = await db.pool.query<{ checkpoint_ns: string }>("SELECT checkpoint_ns FROM hitl_claims WHERE thread_id = $1", [done.configurable.thread_id]);
    expect(rows[0]?.checkpoint_ns.split("|")).toHaveLength(2);
    expect(namespace.replace(/:[^|]*/g, ":")).toBe(rows[0]?.checkpoint_ns.replace(/:[^|]*/g, ":"));
    await lapse();
    await ageEverything();
    await pruneAll();
    expect(await ownRows(done.configurable.thread_id)).toMatchObject({ hitl_claims: 0, hitl_call_results: 0 });
    expect(await ownRows(waiting.configurable.thread_id)).toMatchObject({ hitl_claims: 1 });
  });

  test("a lease left by a run that died goes once it lapsed before olderThan", async () => {
    const paused = await pausedThread("dead-run");
    await saver.continuationLeases.acquire(paused.key.threadId, "died");
    await db.pool.query("UPDATE hitl_thread_leases SET lease_until = clock_timestamp() - interval '2 days' WHERE thread_id = $1", [paused.key.threadId]);
    expect((await pruneAll()).leases).toBe(1);
    expect(await ownRows(paused.key.threadId)).toMatchObject({ hitl_thread_leases: 0 });
  });

  test("each call deletes at most `limit` rows of each kind, oldest first, and says when more are due", async () => {
    const threads = [];
    for (let index = 0; index < 5; index += 1) threads.push(await resumedThread(`bounded-${index}`));
    await lapse();
    await ageEverything();
    const claimCount = async () => (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM hitl_claims")).rows[0]!.n;
    const claimsBefore = await claimCount();
    const calls = [];
    for (;;) {
      const result = await saver.pruneResolved({ olderThan: cutoff(), limit: 2 });
      calls.push(result);
      if (!result.more) break;
    }
    expect(calls.every((call) => call.claims <= 2 && call.continuations <= 2 && call.leases <= 2)).toBe(true);
    expect(calls.slice(0, -1).every((call) => call.more)).toBe(true);
    expect(calls.reduce((sum, call) => sum + call.claims, 0)).toBe(claimsBefore - (await claimCount()));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect((await Promise.all(threads.map((thread) => ownRows(thread.key.threadId)))).every((rows) => rows["hitl_claims"] === 0)).toBe(true);
  });

  test.each([
    ["no olderThan", {}, ["olderThan"]],
    ["an olderThan less than an hour ago", { olderThan: new Date(Date.now() - 60_000) }, ["olderThan"]],
    ["an olderThan that is not an instant", { olderThan: "last week" }, ["olderThan"]],
    ["a limit of 0", { olderThan: new Date(Date.now() - DAY), limit: 0 }, ["limit"]],
    ["an unknown option", { olderThan: new Date(Date.now() - DAY), dryRun: true }, ["dryRun"]],
  ])("%s is refused with INVALID_OPTIONS naming the option", async (_, options, path) => {
    const error = await saver.pruneResolved(options as never).catch((caught: unknown) => caught);
    expect(isHITLError(error, "INVALID_OPTIONS") && error.details.map((detail) => detail.path)).toEqual([path]);
  });
});
