import { approvalAgent, newThreadId, plainRun, screenedRun, type NamedWork } from "../support/agents.js";
import type { PostgresBackend } from "../support/backends.js";
import type { CountTable, CycleCount, ValueFigure } from "../support/measurements.js";
import { traceSql, writeTransactions, type SqlTrace } from "../support/sql-trace.js";
import { median } from "../support/stats.js";
import { countWriteCommits } from "../support/write-commits.js";
import { createAgentVariants } from "./create-agent.js";
import { callsLabel } from "./labels.js";
import { handBuiltVariants } from "./pause-resume.js";
import type { BenchSettings } from "./settings.js";

const LANGGRAPH_TABLES = ["checkpoints", "checkpoint_blobs", "checkpoint_writes"];

async function countOnce(url: string, run: () => Promise<unknown>): Promise<{ writeCommits: number; trace: SqlTrace }> {
  let trace: SqlTrace = { statements: [], roundTrips: 0, transactions: 0 };
  const writeCommits = await countWriteCommits(url, async () => {
    trace = await traceSql(run);
  });
  return { writeCommits, trace };
}

/** The median of each count over `runs` runs after one untimed run (autovacuum may write in between; the median ignores it). */
async function countsOf(url: string, variant: NamedWork, runs: number): Promise<{ count: CycleCount; trace: SqlTrace }> {
  await variant.work(newThreadId("cc-warm"));
  const measured: Array<{ writeCommits: number; trace: SqlTrace }> = [];
  for (let index = 0; index < runs; index += 1) measured.push(await countOnce(url, () => variant.work(newThreadId("cc"))));
  const pick = (of: (run: (typeof measured)[number]) => number) => median(measured.map(of));
  return {
    count: {
      label: variant.label,
      writeCommits: pick((run) => run.writeCommits),
      transactions: pick((run) => run.trace.transactions),
      statements: pick((run) => run.trace.statements.length),
      roundTrips: pick((run) => run.trace.roundTrips),
    },
    trace: measured[0]!.trace,
  };
}

/**
 * Commits our claim tables make on their own (not riding on one of LangGraph's writes) in one
 * cycle: the claim, and the call results (their statement also names the claim it writes under).
 */
function claimCommits(trace: SqlTrace): { claim: number; results: number } {
  const results = writeTransactions(trace, ["hitl_call_results"], LANGGRAPH_TABLES);
  const claim = writeTransactions(trace, ["hitl_claims"], LANGGRAPH_TABLES);
  for (const transaction of results) claim.delete(transaction);
  return { claim: claim.size, results: results.size };
}

/** Statements that change (or merely name) synchronous_commit: none of ours may. */
function durabilityChanges(trace: SqlTrace): number {
  return trace.statements.filter((statement) => /synchronous_commit/i.test(statement.text)).length;
}

/** Figure 9's variants that figure 2 does not already have (its middleware runs are the same ones). */
const CREATE_AGENT_OWN = ["ours", "plain", "floor", "designFloor"] as const;

/** Every variant figure 8 counts at one batch size: figures 1, 2 and 9's, and our pause alone. */
function variantsAt(backend: PostgresBackend, calls: number): Record<string, NamedWork> {
  const ours = approvalAgent(calls, backend.ours);
  const createAgentAll = createAgentVariants(backend, calls);
  const createAgent = CREATE_AGENT_OWN.map((name) => [`createAgent:${name}`, createAgentAll[name]] as const);
  return {
    ...handBuiltVariants(backend, calls),
    oursPause: { label: `ours, pause alone: ApprovalToolNode paused, not resumed (${backend.oursName})`, work: ours.pause },
    screened: { label: `screened: ApprovalToolNode, every call allowed, one run (${backend.oursName})`, work: screenedRun(calls, backend.ours) },
    plain: { label: `plain: LangGraph's ToolNode, one run (${backend.oursName})`, work: plainRun(calls, backend.ours) },
    ...Object.fromEntries(createAgent),
  };
}

/**
 * 8. What one pause + resume cycle (or one run) of every variant asks of Postgres — counts, not
 * times, so they do not depend on how busy the machine is. Write commits are counted by the
 * server (a transaction id is only given to a transaction that writes; at the default
 * `synchronous_commit` each is a WAL flush the client waits for); transactions (read-only ones
 * too), statements and round trips at the clients. 8b. The commits the claim adds per batch.
 *
 * @example
 * ```ts
 * const { counts, values } = await cycleCounts(postgres, settings);
 * ```
 */
export async function cycleCounts(backend: PostgresBackend, settings: BenchSettings): Promise<{ counts: CountTable[]; values: ValueFigure[] }> {
  const counts: CountTable[] = [];
  const values: ValueFigure[] = [];
  let weakening = 0;
  for (const calls of [1, 10]) {
    const rows: Record<string, CycleCount> = {};
    let oursTrace: SqlTrace | undefined;
    for (const [name, variant] of Object.entries(variantsAt(backend, calls))) {
      const { count, trace } = await countsOf(backend.url, variant, settings.countRuns);
      rows[name] = count;
      weakening += durabilityChanges(trace);
      if (name === "ours") oursTrace = trace;
    }
    const label = callsLabel(calls);
    counts.push({ id: `cycle-counts/${calls}`, figure: "8. What a cycle asks of Postgres (pause + resume, or one run)", case: label, variants: rows });
    const added = claimCommits(oursTrace!);
    const head = { figure: "8b. Commits the claim adds per batch", case: label, backend: "postgres" as const, unit: "commits" as const };
    values.push(
      { ...head, id: `claim-commits/${calls}/claim`, label: "the claim (a commit of its own, not riding on one of LangGraph's writes)", samples: [added.claim] },
      { ...head, id: `claim-commits/${calls}/results`, label: "the call results (coalesced; a commit of their own)", samples: [added.results] },
    );
  }
  values.push({
    id: "durability/synchronous-commit",
    figure: "8c. Statements that change synchronous_commit",
    case: "every variant of figure 8, 1 and 10 calls",
    backend: "postgres",
    unit: "statements",
    label: "statements naming synchronous_commit (SET, SET LOCAL, set_config)",
    samples: [weakening],
    note: "the server runs at its default durability; a statement of ours changing it would make a commit cheaper than production's",
  });
  return { counts, values };
}
