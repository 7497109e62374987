import { approvalAgent, bareInterruptAgent, middlewareAgent, newThreadId, plainAgent } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { callsLabel, figure, single, type Figure } from "../support/figures.js";
import { touching, traceSql, writes, type SqlTrace } from "../support/sql-trace.js";
import { summarise } from "../support/stats.js";
import { countWriteCommits } from "../support/write-commits.js";

/** What one run of a variant asked of Postgres. */
interface Count {
  writeCommits: number;
  transactions: number;
  statements: number;
  trace: SqlTrace;
}

const REPEAT = 5;

async function count(url: string, run: () => Promise<unknown>): Promise<Count> {
  let trace: SqlTrace = { statements: [], transactions: 0 };
  const writeCommits = await countWriteCommits(url, async () => {
    trace = await traceSql(run);
  });
  return { writeCommits, transactions: trace.transactions, statements: trace.statements.length, trace };
}

/** The median of each count over a few runs (autovacuum may write in between; the median ignores it). */
async function counts(url: string, run: () => Promise<unknown>): Promise<Count> {
  await run();
  const runs: Count[] = [];
  for (let index = 0; index < REPEAT; index += 1) runs.push(await count(url, run));
  const median = (pick: (c: Count) => number) => summarise(runs.map(pick)).median;
  return { writeCommits: median((c) => c.writeCommits), transactions: median((c) => c.transactions), statements: median((c) => c.statements), trace: runs[0]!.trace };
}

const CLAIM_TABLES = { claim: ["hitl_claims"], results: ["hitl_call_results"] };

/** Commits (statements outside a block that write) and reads of the claim tables in one trace. */
function claimWork(trace: SqlTrace): { claim: number; results: number; reads: number } {
  const own = touching(trace, [...CLAIM_TABLES.claim, ...CLAIM_TABLES.results]);
  const committing = own.filter((statement) => !statement.inBlock && writes(statement));
  return {
    // saveResults names both tables (it checks the claim it writes under): classify by what it inserts into.
    results: committing.filter((statement) => /INSERT INTO \S*hitl_call_results/.test(statement.text)).length,
    claim: committing.filter((statement) => !/INSERT INTO \S*hitl_call_results/.test(statement.text)).length,
    reads: own.filter((statement) => !writes(statement)).length,
  };
}

/**
 * 8. What a pause + resume cycle asks of Postgres — counts, not times, so they do not depend on
 * how busy the machine is. Write commits are counted by the server (a transaction id is only
 * given to a transaction that writes; at `synchronous_commit = on` each is a WAL flush the client
 * waits for); transactions (read-only ones too) and statements are counted at the clients.
 * 8b. What the claim adds per batch, from the statements sent to its tables.
 */
export async function commitsPerCycle(backend: Backend & { url: string }): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of [1, 10]) {
    const ours = approvalAgent(calls, backend.ours);
    const middleware = middlewareAgent(calls, backend.middleware);
    const plain = plainAgent(calls, backend.plain);
    const floor = bareInterruptAgent(calls, backend.plain);
    const pause = await counts(backend.url, () => ours.pause(newThreadId("cc")));
    const oursCycle = await counts(backend.url, async () => {
      const threadId = newThreadId("cc");
      await ours.resume(threadId, await ours.pause(threadId));
    });
    const baselines = {
      middleware: await counts(backend.url, async () => {
        const threadId = newThreadId("cc-mw");
        await middleware.pause(threadId);
        await middleware.resume(threadId);
      }),
      plain: await counts(backend.url, () => plain.fullRun(newThreadId("cc-plain"))),
      floor: await counts(backend.url, async () => {
        const threadId = newThreadId("cc-floor");
        await floor.pause(threadId);
        await floor.resume(threadId);
      }),
    };
    const claim = claimWork(oursCycle.trace);
    const label = callsLabel(calls);
    const split = `ours: ${pause.writeCommits} to pause, ${oursCycle.writeCommits - pause.writeCommits} to resume, of which ${claim.claim} claim + ${claim.results} call results; the claim also reads ${claim.reads}×`;
    const names = {
      middleware: "humanInTheLoopMiddleware (PostgresSaver)",
      plain: "plain ToolNode full run (PostgresSaver)",
      floor: "floor: bare interrupt() + ToolNode (PostgresSaver)",
    } as const;
    for (const [key, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
      const baseline = baselines[key];
      figures.push(
        figure({ workload: "8. Write commits per pause + resume", case: label, backend: "postgres", unit: "commits", ours: single(oursCycle.writeCommits), baselineName: name, baseline: single(baseline.writeCommits), note: split }),
        figure({ workload: "8. Transactions per pause + resume (read-only too)", case: label, backend: "postgres", unit: "transactions", ours: single(oursCycle.transactions), baselineName: name, baseline: single(baseline.transactions) }),
        figure({ workload: "8. Statements per pause + resume", case: label, backend: "postgres", unit: "statements", ours: single(oursCycle.statements), baselineName: name, baseline: single(baseline.statements) }),
      );
    }
    figures.push(
      figure({ workload: "8b. Commits the claim adds per batch", case: `${label}: the claim (INSERT … ON CONFLICT DO NOTHING)`, backend: "postgres", unit: "commits", ours: single(claim.claim), target: { kind: "value-max", value: 1 } }),
      figure({ workload: "8b. Commits the claim adds per batch", case: `${label}: the call results (coalesced)`, backend: "postgres", unit: "commits", ours: single(claim.results), target: { kind: "value-max", value: 1 } }),
    );
  }
  return figures;
}
