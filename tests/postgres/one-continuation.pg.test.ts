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
  await db.pool.query("CREATE TABLE activity (thread_id TEXT, kind TEXT, pid INT, copy INT)");
  await new HITLPostgresSaver(db.pool).setup();
});
afterAll(() => db.drop());

let threads = 0;
const threadName = (label: string): string => `${label}-${(threads += 1)}-${Date.now()}`;

async function pause(adapter: string, threadId: string): Promise<string> {
  const child = spawnChild(WORKER, [db.url, "pause", adapter, threadId]);
  const line = await child.line("paused ");
  await child.exited;
  return line.slice("paused ".length);
}

interface Resumer {
  child: ChildScript;
  /** `pid/copy result` for every copy, once the child printed them. */
  outcomes: string[];
}

/** One resuming process: `copies` concurrent resumes of the interrupt, through resume() or as raw Commands. */
function resumer(adapter: string, threadId: string, interruptId: string, decision: string, copies: number, how = "resume"): Resumer {
  const child = spawnChild(WORKER, [db.url, "resume", adapter, threadId, interruptId, decision, String(copies), how]);
  const outcomes: string[] = [];
  let partial = "";
  child.process.stdout.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (line.startsWith("outcome ")) outcomes.push(line.slice("outcome ".length));
  });
  return { child, outcomes };
}

/** Starts the resumers together; resolves with every copy's outcome, keyed `pid/copy`. */
async function race(resumers: Resumer[]): Promise<Map<string, string>> {
  await Promise.all(resumers.map(({ child }) => child.line("ready")));
  for (const { child } of resumers) child.send("go");
  await Promise.all(resumers.map(({ child }) => child.exited));
  return new Map(resumers.flatMap(({ outcomes }) => outcomes.map((line) => line.split(" ", 2) as [string, string]).map(([who]) => [who, line(outcomes, who)])));
}

function line(outcomes: string[], who: string): string {
  return outcomes.find((entry) => entry.startsWith(`${who} `))!.slice(who.length + 1);
}

/** What the resumers did to the thread: parents with several children, and who ran which step. */
async function observe(threadId: string): Promise<{ forkedParents: number; runs: Record<string, number>; runners: string[] }> {
  const forks = await db.pool.query(
    "SELECT 1 FROM checkpoints WHERE thread_id = $1 GROUP BY thread_id, checkpoint_ns, parent_checkpoint_id HAVING count(*) > 1",
    [threadId],
  );
  const { rows } = await db.pool.query<{ kind: string; who: string }>("SELECT kind, pid || '/' || copy AS who FROM activity WHERE thread_id = $1 AND copy >= 0", [threadId]);
  const runs: Record<string, number> = { model: 0, charge: 0, notify: 0 };
  for (const row of rows) runs[row.kind] = (runs[row.kind] ?? 0) + 1;
  return { forkedParents: forks.rowCount ?? 0, runs, runners: [...new Set(rows.map((row) => row.who))] };
}

/** One winner; every other copy refused with a typed code; only the winner ran anything; one continuation. */
async function expectOneContinuation(threadId: string, outcomes: Map<string, string>, approveWon: (winner: string) => boolean): Promise<void> {
  const winners = [...outcomes].filter(([, outcome]) => outcome.startsWith("ok"));
  expect(winners).toHaveLength(1);
  const [[winner]] = winners as [[string, string]];
  const losers = [...outcomes].filter(([who]) => who !== winner).map(([, outcome]) => outcome);
  expect(losers.filter((outcome) => !REFUSALS.includes(outcome))).toEqual([]);
  // A single run: the model asks for notify, notify runs, the model ends (the pause made the first model call).
  expect(await observe(threadId)).toEqual({ forkedParents: 0, runs: { model: 2, charge: approveWon(winner) ? 1 : 0, notify: 1 }, runners: [winner] });
}

const ROUNDS = [1, 2, 3, 4, 5];

describe("one continuation from a paused batch, across processes", () => {
  test.each(ROUNDS)("2 processes × 10 concurrent resume(), approve against reject, ApprovalToolNode (round %i)", async () => {
    const threadId = threadName("race");
    const interruptId = await pause("graph", threadId);
    const approver = resumer("graph", threadId, interruptId, APPROVE, 10);
    const rejecter = resumer("graph", threadId, interruptId, REJECT, 10);
    const outcomes = await race([approver, rejecter]);
    expect(outcomes.size).toBe(20);
    await expectOneContinuation(threadId, outcomes, (winner) => winner.startsWith(`${approver.child.process.pid}/`));
  });

  test.each(ROUNDS)("a double click: 2 processes × 2 concurrent resume(reject) (round %i)", async () => {
    const threadId = threadName("double-click");
    const interruptId = await pause("graph", threadId);
    const outcomes = await race([resumer("graph", threadId, interruptId, REJECT, 2), resumer("graph", threadId, interruptId, REJECT, 2)]);
    expect(outcomes.size).toBe(4);
    await expectOneContinuation(threadId, outcomes, () => false);
  });

  test.each(ROUNDS)("createAgent + approvalMiddleware: 2 processes × 10 concurrent resume(), approve against reject (round %i)", async () => {
    const threadId = threadName("agent");
    const interruptId = await pause("agent", threadId);
    const approver = resumer("agent", threadId, interruptId, APPROVE, 10);
    const rejecter = resumer("agent", threadId, interruptId, REJECT, 10);
    const outcomes = await race([approver, rejecter]);
    expect(outcomes.size).toBe(20);
    await expectOneContinuation(threadId, outcomes, (winner) => winner.startsWith(`${approver.child.process.pid}/`));
  });
});
