import { ApprovalToolNode } from "../../src/index.js";
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, toolMessages } from "../support/fixtures.js";
import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

jest.setTimeout(60_000);

let db: TestDatabase;
let saver: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query("CREATE TABLE tool_runs (thread_id TEXT, tool_call_id TEXT, pid INT, amount INT)");
  saver = new HITLPostgresSaver(db.pool);
  await saver.setup();
});
afterAll(() => db.drop());

let threads = 0;
function threadName(label: string): string {
  threads += 1;
  return `${label}-${threads}-${Date.now()}`;
}

/** A graph in this process over the same database, to read the final state. */
function reader() {
  const charge = tool(async () => "unused", { name: "charge", description: "charges a card", schema: z.object({ amount: z.number() }) });
  return agentGraph(new ApprovalToolNode([charge], { interruptOn: { charge: true } }), [{ name: "charge", args: { amount: 42 }, id: "charge-1" }], saver).graph;
}

async function runs(threadId: string): Promise<Array<{ pid: number }>> {
  return (await db.pool.query<{ pid: number }>("SELECT pid FROM tool_runs WHERE thread_id = $1", [threadId])).rows;
}

async function pauseInChild(threadId: string): Promise<{ interruptId: string; pid: number }> {
  const child = spawnChild("agent-worker", [db.url, "pause", threadId]);
  const line = await child.line("paused ");
  await child.exited;
  return { interruptId: line.slice("paused ".length), pid: child.process.pid ?? 0 };
}

/** Collects every line a child prints that starts with `prefix`, from the moment it is called. */
function collect(child: ChildScript, prefix: string): string[] {
  const lines: string[] = [];
  let partial = "";
  child.process.stdout.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) if (line.startsWith(prefix)) lines.push(line.slice(prefix.length));
  });
  return lines;
}

describe("across processes, on one Postgres", () => {
  test("a run paused in process A, which then exits, is resumed from process B: the tool runs once, with the right result", async () => {
    const threadId = threadName("a-to-b");
    const { interruptId, pid: pauser } = await pauseInChild(threadId);
    const child = spawnChild("agent-worker", [db.url, "resume", threadId, interruptId, '{"type":"approve"}', "1"]);
    const outcome = collect(child, "outcome ");
    await child.line("ready");
    child.send("go");
    await child.exited;
    expect(outcome).toEqual(["ok done"]);
    const executions = await runs(threadId);
    expect(executions).toHaveLength(1);
    expect(executions[0]?.pid).not.toBe(pauser);
    const [message] = toolMessages((await reader().getState({ configurable: { thread_id: threadId } })).values);
    expect([message?.status, message?.content]).toEqual(["success", "charged 42"]);
  });

  test("20 concurrent resumes of one interrupt from 2 processes: exactly 1 execution, 19 typed refusals, no forked history", async () => {
    const threadId = threadName("twenty");
    const { interruptId } = await pauseInChild(threadId);
    const children = [0, 1].map(() => spawnChild("agent-worker", [db.url, "resume", threadId, interruptId, '{"type":"approve"}', "10"]));
    const collected = children.map((child) => collect(child, "outcome "));
    await Promise.all(children.map((child) => child.line("ready")));
    for (const child of children) child.send("go");
    await Promise.all(children.map((child) => child.exited));
    const outcomes = collected.flat();
    expect(outcomes.filter((o) => o.startsWith("ok"))).toHaveLength(1);
    expect(outcomes.filter((o) => o === "error INTERRUPT_ALREADY_RESOLVED")).toHaveLength(19);
    expect(await runs(threadId)).toHaveLength(1);
    const forks = await db.pool.query(
      "SELECT parent_checkpoint_id, count(*) FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = '' GROUP BY parent_checkpoint_id HAVING count(*) > 1",
      [threadId],
    );
    expect(forks.rows).toEqual([]);
  });

  test.each([1, 2, 3, 4, 5])("approve racing reject (round %i): exactly one wins and the state matches what ran", async () => {
    const threadId = threadName("race");
    const { interruptId } = await pauseInChild(threadId);
    const approver = spawnChild("agent-worker", [db.url, "resume", threadId, interruptId, '{"type":"approve"}', "1"]);
    const rejecter = spawnChild("agent-worker", [db.url, "resume", threadId, interruptId, '{"type":"reject","reason":"no"}', "1"]);
    const approved = collect(approver, "outcome ");
    const rejected = collect(rejecter, "outcome ");
    await Promise.all([approver.line("ready"), rejecter.line("ready")]);
    approver.send("go");
    rejecter.send("go");
    await Promise.all([approver.exited, rejecter.exited]);
    const [a = "", r = ""] = [approved[0], rejected[0]];
    expect([a, r].filter((o) => o.startsWith("ok"))).toHaveLength(1);
    expect([a, r].filter((o) => o === "error INTERRUPT_ALREADY_RESOLVED")).toHaveLength(1);
    const approveWon = a.startsWith("ok");
    const [message] = toolMessages((await reader().getState({ configurable: { thread_id: threadId } })).values);
    expect(await runs(threadId)).toHaveLength(approveWon ? 1 : 0);
    expect(message?.status).toBe(approveWon ? "success" : "error");
    expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: approveWon ? "approve" : "reject" });
  });

  test("a resumer killed mid-run releases its lock; the next resume completes the earlier decision (the running call runs again: at-least-once) and is told it was superseded", async () => {
    const threadId = threadName("killed");
    const { interruptId } = await pauseInChild(threadId);
    const doomed = spawnChild("agent-worker", [db.url, "resume-and-hang", threadId, interruptId, '{"type":"approve"}', "1"], { HITL_TEST_LEASE_MS: "1500" });
    await doomed.line("ready");
    doomed.send("go");
    await doomed.line("running");
    doomed.process.kill("SIGKILL");
    await doomed.exited;

    const next = spawnChild("agent-worker", [db.url, "resume", threadId, interruptId, '{"type":"reject","reason":"changed my mind"}', "1"]);
    const outcome = collect(next, "outcome ");
    await next.line("ready");
    next.send("go");
    await next.exited;
    expect(outcome).toEqual(["superseded"]);
    expect(await runs(threadId)).toHaveLength(2);
    const state = await reader().getState({ configurable: { thread_id: threadId } });
    const [message] = toolMessages(state.values);
    expect([message?.status, message?.content]).toEqual(["success", "charged 42"]);
    expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve" });
    expect(state.next).toEqual([]);
  });
});
