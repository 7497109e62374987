// However many resumes of one interrupt arrive at once, from however many processes, the thread
// has one continuation: no two checkpoints share a parent, the model step after the batch and
// the allowed follow-up tool run once, and every resume that did not win ran nothing.
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

jest.setTimeout(120_000);

/** spawnChild resolves names under tests/support/postgres/children. */
const WORKER = "../../../postgres/children/continuation-worker.ts";
const APPROVE = '{"type":"approve"}';
const REJECT = '{"type":"reject","reason":"no"}';
const REFUSALS = ["error INTERRUPT_ALREADY_RESOLVED", "error THREAD_BUSY"];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  // `seq` gives the order rows were inserted in; `ctid` does not (each backend keeps its own
  // target page, so rows inserted one after another through different connections land out of order).
  await db.pool.query("CREATE TABLE activity (thread_id TEXT, kind TEXT, pid INT, copy INT, seq BIGINT GENERATED ALWAYS AS IDENTITY)");
  await new HITLPostgresSaver(db.pool).setup();
});
afterAll(() => db.drop());

let threads = 0;
const threadNames = (label: string, count = 1): string[] => Array.from({ length: count }, () => `${label}-${(threads += 1)}-${Date.now()}`);

/** Pauses each thread (in one process); returns their interrupt ids in order. */
async function pause(adapter: string, threadIds: string[]): Promise<string[]> {
  const child = spawnChild(WORKER, [db.url, "pause", adapter, threadIds.join(",")]);
  const line = await child.line("paused ");
  await child.exited;
  return line.slice("paused ".length).split(",");
}

interface Resumer {
  child: ChildScript;
  /** `pid/copy@thread result` for every copy, once the child printed them. */
  outcomes: string[];
}

/**
 * One resuming process: `copies` resumes of each thread's interrupt, `HITL_WORKER_STAGGER_MS`
 * apart, through resume() or as raw Commands (`how`: `raw [sync|async]`).
 */
function resumer(adapter: string, threadIds: string[], interruptIds: string[], decision: string, copies: number, how = "resume", env: Record<string, string> = {}): Resumer {
  const args = [db.url, "resume", adapter, threadIds.join(","), interruptIds.join(","), decision, String(copies), ...how.split(" ")];
  const child = spawnChild(WORKER, args, { HITL_WORKER_STAGGER_MS: String(STAGGER_MS), ...env });
  const outcomes: string[] = [];
  let partial = "";
  child.process.stdout.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (line.startsWith("outcome ")) outcomes.push(line.slice("outcome ".length));
  });
  return { child, outcomes };
}

/** Starts the resumers together; resolves with every copy's outcome of `threadId`, keyed `pid/copy`. */
async function race(resumers: Resumer[]): Promise<(threadId: string) => Map<string, string>> {
  await Promise.all(resumers.map(({ child }) => child.line("ready")));
  for (const { child } of resumers) child.send("go");
  await Promise.all(resumers.map(({ child }) => child.exited));
  const all = resumers.flatMap(({ outcomes }) => outcomes).map((line) => {
    const [key = "", ...result] = line.split(" ");
    const [who = "", threadId = ""] = key.split("@");
    return { who, threadId, result: result.join(" ") };
  });
  return (threadId) => new Map(all.filter((entry) => entry.threadId === threadId).map((entry) => [entry.who, entry.result]));
}

/** What the resumers did to the thread: parents with several children, and who ran which step. */
async function observe(threadId: string): Promise<{ forkedParents: number; runs: Record<string, number>; runners: string[]; byRunner: Record<string, string[]> }> {
  const forks = await db.pool.query(
    "SELECT 1 FROM checkpoints WHERE thread_id = $1 GROUP BY thread_id, checkpoint_ns, parent_checkpoint_id HAVING count(*) > 1",
    [threadId],
  );
  const { rows } = await db.pool.query<{ kind: string; who: string }>(
    "SELECT kind, pid || '/' || copy AS who FROM activity WHERE thread_id = $1 AND copy >= 0 ORDER BY seq",
    [threadId],
  );
  const runs: Record<string, number> = { model: 0, charge: 0, notify: 0 };
  const byRunner: Record<string, string[]> = {};
  for (const row of rows) {
    runs[row.kind] = (runs[row.kind] ?? 0) + 1;
    (byRunner[row.who] ??= []).push(row.kind);
  }
  return { forkedParents: forks.rowCount ?? 0, runs, runners: Object.keys(byRunner), byRunner };
}

/** One winner; every other copy refused with a typed code; only the winner ran anything; one continuation. */
async function expectOneContinuation(threadId: string, outcomes: Map<string, string>, approvers: Resumer | undefined): Promise<void> {
  const winners = [...outcomes].filter(([, outcome]) => outcome.startsWith("ok"));
  expect(winners).toHaveLength(1);
  const [[winner]] = winners as [[string, string]];
  const losers = [...outcomes].filter(([who]) => who !== winner).map(([, outcome]) => outcome);
  expect(losers.filter((outcome) => !REFUSALS.includes(outcome))).toEqual([]);
  const approveWon = approvers !== undefined && winner.startsWith(`${approvers.child.process.pid}/`);
  // A single run: the model asks for notify, notify runs, the model ends (the pause made the first model call).
  const { byRunner: _, ...observed } = await observe(threadId);
  expect(observed).toEqual({ forkedParents: 0, runs: { model: 2, charge: approveWon ? 1 : 0, notify: 1 }, runners: [winner] });
}

const ROUNDS = [1, 2, 3, 4, 5];
/** On the code before the lease, copies 30 ms apart forked 5 rounds in 6 (2 × 10) and a 20 ms double click 1 thread in 8. */
const STAGGER_MS = 30;

describe("one continuation from a paused batch, across processes", () => {
  test.each(ROUNDS)("2 processes × 10 resume(), approve against reject, ApprovalToolNode (round %i)", async () => {
    const [threadId = ""] = threadNames("race");
    const interruptIds = await pause("graph", [threadId]);
    const approver = resumer("graph", [threadId], interruptIds, APPROVE, 10);
    const rejecter = resumer("graph", [threadId], interruptIds, REJECT, 10);
    const outcomes = (await race([approver, rejecter]))(threadId);
    expect(outcomes.size).toBe(20);
    await expectOneContinuation(threadId, outcomes, approver);
  });

  test.each(ROUNDS)("a double click on 8 threads: 2 processes × 2 resume(reject) of each (round %i)", async () => {
    const threadIds = threadNames("double-click", 8);
    const interruptIds = await pause("graph", threadIds);
    // Each thread's second pair of clicks comes a few ms later than the one before (0, 4, … 28 ms after the first pair).
    const clicks = [0, 4].map((offset) => resumer("graph", threadIds, interruptIds, REJECT, 2, "resume", { HITL_WORKER_STAGGER_MS: "20", HITL_WORKER_THREAD_OFFSET_MS: String(offset) }));
    const outcomesOf = await race(clicks);
    for (const threadId of threadIds) {
      expect(outcomesOf(threadId).size).toBe(4);
      await expectOneContinuation(threadId, outcomesOf(threadId), undefined);
    }
  });

  test.each(ROUNDS)("createAgent + approvalMiddleware: 2 processes × 10 resume(), approve against reject (round %i)", async () => {
    const [threadId = ""] = threadNames("agent");
    const interruptIds = await pause("agent", [threadId]);
    const approver = resumer("agent", [threadId], interruptIds, APPROVE, 10);
    const rejecter = resumer("agent", [threadId], interruptIds, REJECT, 10);
    const outcomes = (await race([approver, rejecter]))(threadId);
    expect(outcomes.size).toBe(20);
    await expectOneContinuation(threadId, outcomes, approver);
  });
});

describe("raw Commands that bypass resume()", () => {
  test.each(["async", "sync", "exit"])("5 resume() against 5 raw Commands (durability %s): history never forks, resume() losers run nothing", async (durability) => {
    for (const _ of ROUNDS) {
      const [threadId = ""] = threadNames(`raw-${durability}`);
      const interruptIds = await pause("graph", [threadId]);
      const viaResume = resumer("graph", [threadId], interruptIds, APPROVE, 5);
      const raw = resumer("graph", [threadId], interruptIds, REJECT, 5, `raw ${durability}`);
      const outcomes = (await race([viaResume, raw]))(threadId);
      const { forkedParents, byRunner } = await observe(threadId);
      expect(forkedParents).toBe(0);
      expect([...outcomes.values()].filter((outcome) => !outcome.startsWith("ok") && !REFUSALS.includes(outcome))).toEqual([]);
      const ran = (who: string) => byRunner[who] ?? [];
      const losers = [...outcomes].filter(([, outcome]) => !outcome.startsWith("ok")).map(([who]) => who);
      expect(losers.filter((who) => who.startsWith(`${viaResume.child.process.pid}/`)).flatMap(ran)).toEqual([]);
      // The stated limit: a losing raw Command runs, in its own process, the step next at the checkpoint it
      // loaded before its refused write surfaces (with "sync" only that one step; with "async" or "exit" possibly every remaining one).
      if (durability === "sync") expect(losers.filter((who) => ran(who).filter((kind) => kind !== "charge").length > 1)).toEqual([]);
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a winner that loses its lease", () => {
  test("a resumer stopped (SIGSTOP) past its lease while running the reviewed call: another resumer takes over, the stopped one's later writes are refused, history has one continuation", async () => {
    const [threadId = ""] = threadNames("stopped");
    const env = { HITL_TEST_LEASE_MS: "1500" };
    const interruptIds = await pause("graph", [threadId]);
    const stopped = resumer("graph", [threadId], interruptIds, APPROVE, 1, "resume", { ...env, HITL_WORKER_HOLD: "charge" });
    await stopped.child.line("ready");
    stopped.child.send("go");
    await stopped.child.line("holding charge");
    stopped.child.process.kill("SIGSTOP");
    await sleep(2500);

    const taker = resumer("graph", [threadId], interruptIds, REJECT, 1, "resume", env);
    await taker.child.line("ready");
    taker.child.send("go");
    await taker.child.exited;
    stopped.child.process.kill("SIGCONT");
    stopped.child.send("continue");
    await stopped.child.exited;

    // The taker completes the first committed decision (approve): the call that was running when the lease lapsed runs again (at-least-once),
    // and the taker is told its own reject was superseded.
    expect(taker.outcomes.map((line) => line.split(" ").slice(1).join(" "))).toEqual(["superseded"]);
    // Its claim was taken over and its lease lost: a typed refusal, and nothing it ran after waking was kept.
    expect(REFUSALS).toContain(stopped.outcomes.map((line) => line.split(" ").slice(1).join(" "))[0]);
    const { byRunner, ...observed } = await observe(threadId);
    expect(observed.forkedParents).toBe(0);
    expect(observed.runs).toEqual({ model: 2, charge: 2, notify: 1 });
    expect(byRunner[`${stopped.child.process.pid}/0`]).toEqual(["charge"]);
    expect(byRunner[`${taker.child.process.pid}/0`]).toEqual(["charge", "model", "notify", "model"]);
  });

  test("a winner stopped (SIGSTOP) past its lease while running the follow-up tool: a host runs the thread on, the stopped run's writes are refused, history has one continuation", async () => {
    const [threadId = ""] = threadNames("stopped-after");
    const env = { HITL_TEST_LEASE_MS: "1500" };
    const interruptIds = await pause("graph", [threadId]);
    const stopped = resumer("graph", [threadId], interruptIds, APPROVE, 1, "resume", { ...env, HITL_WORKER_HOLD: "notify" });
    await stopped.child.line("ready");
    stopped.child.send("go");
    await stopped.child.line("holding notify");
    stopped.child.process.kill("SIGSTOP");
    await sleep(2500);

    const host = resumer("graph", [threadId], interruptIds, APPROVE, 1, "continue", env);
    await host.child.line("ready");
    host.child.send("go");
    await host.child.exited;
    stopped.child.process.kill("SIGCONT");
    stopped.child.send("continue");
    await stopped.child.exited;

    expect(host.outcomes.map((line) => line.split(" ").slice(1).join(" "))).toEqual(["ok continued"]);
    expect(stopped.outcomes.map((line) => line.split(" ").slice(1).join(" "))).toEqual(["error THREAD_BUSY"]);
    const { byRunner, ...observed } = await observe(threadId);
    expect(observed.forkedParents).toBe(0);
    // The follow-up tool was running when the lease lapsed, so the run that went on ran it again: the one at-least-once case.
    expect(byRunner[`${stopped.child.process.pid}/0`]).toEqual(["charge", "model", "notify"]);
    expect(byRunner[`${host.child.process.pid}/0`]).toEqual(["notify", "model"]);
  });
});
