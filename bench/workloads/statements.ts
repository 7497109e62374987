import pg from "pg";
import { approvalAgent, middlewareAgent, newThreadId, plainAgent } from "../support/agents.js";
import type { Backend } from "../support/backends.js";
import { callsLabel, figure, single, type Figure } from "../support/figures.js";

/** Counts the statements every pg client of this process sends while `run` runs. */
async function countStatements(run: () => Promise<unknown>, repeat: number): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let count = 0;
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    for (let index = 0; index < repeat; index += 1) await run();
  } finally {
    prototype.query = original;
  }
  return count / repeat;
}

/**
 * 8. Database statements per pause + resume cycle — a count, not a time, so it does not depend
 * on how busy the machine is. It shows where the Postgres time goes.
 */
export async function statementCounts(backend: Backend): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const calls of [1, 10]) {
    const ours = approvalAgent(calls, backend.ours);
    const middleware = middlewareAgent(calls, backend.middleware);
    const plain = plainAgent(calls, backend.plain);
    const oursCycle = () => ours.pause(newThreadId("st")).then(() => undefined);
    const cycle = async () => {
      const threadId = newThreadId("st");
      await ours.resume(threadId, await ours.pause(threadId));
    };
    await cycle();
    const counts = {
      ours: await countStatements(cycle, 5),
      pause: await countStatements(oursCycle, 5),
      middleware: await countStatements(async () => {
        const threadId = newThreadId("st-mw");
        await middleware.pause(threadId);
        await middleware.resume(threadId);
      }, 5),
      plain: await countStatements(() => plain.fullRun(newThreadId("st-plain")), 5),
    };
    const label = callsLabel(calls);
    const note = `ours: ${counts.pause} to pause, ${counts.ours - counts.pause} to resume (lock, unlock and one read of the pending writes are ours; the rest is LangGraph's)`;
    figures.push(
      figure({ workload: "8. Statements per pause + resume", case: label, backend: "postgres", unit: "statements", ours: single(counts.ours), baselineName: "humanInTheLoopMiddleware", baseline: single(counts.middleware), note }),
      figure({ workload: "8. Statements per pause + resume", case: label, backend: "postgres", unit: "statements", ours: single(counts.ours), baselineName: "plain ToolNode full run (PostgresSaver)", baseline: single(counts.plain), note }),
    );
  }
  return figures;
}
