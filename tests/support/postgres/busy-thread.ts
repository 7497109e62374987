/**
 * Two replicas on one database, and an overdue approval whose thread one of them holds: a
 * reviewer approved in time, and the approved tool is still running (held by a gate) when the
 * deadline passes. Beside it, a second approval nobody answered.
 */
import { ApprovalToolNode, getInterrupt, resume } from "../../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../../src/postgres/index.js";
import { agentGraph, ask, newThread } from "../fixtures.js";
import { gatedTool, type GatedTool } from "../stream-fixtures.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

/** A database with the reviewer's replica and the sweeping one (which gives up on a busy thread after 200 ms). */
export interface TwoReplicas {
  db: TestDatabase;
  reviewing: HITLPostgresSaver;
  sweeping: HITLPostgresSaver;
  end(): Promise<void>;
}

/**
 * @example
 * ```ts
 * const replicas = await twoReplicas();
 * await replicas.end();
 * ```
 */
export async function twoReplicas(): Promise<TwoReplicas> {
  const db = await createTestDatabase();
  const reviewing = await createPostgresCheckpointer(db.url);
  const sweeping = await createPostgresCheckpointer(db.url, { busyWaitMs: 200 });
  return {
    db,
    reviewing,
    sweeping,
    async end() {
      await reviewing.end();
      await sweeping.end();
      await db.drop();
    },
  };
}

/**
 * Pauses two threads on the reviewer's replica (`deploy`, due 300 ms after the pause), approves
 * the `held` one and waits until its tool has started and both deadlines have passed. The held
 * tool finishes once the test calls `deploy.open(held.configurable.thread_id)`.
 *
 * @example
 * ```ts
 * const scene = await overdueBehindABusyThread(replicas);
 * await scene.onSweeper; // the graph as the sweeping replica runs it
 * ```
 */
export async function overdueBehindABusyThread({ reviewing, sweeping }: Pick<TwoReplicas, "reviewing" | "sweeping">) {
  const deploy: GatedTool = gatedTool("deploy");
  const node = () => new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 300 } } });
  const calls = [{ name: "deploy", args: { path: "app" }, id: "c1" }];
  const onReviewer = agentGraph(node(), calls, reviewing).graph;
  const onSweeper = agentGraph(node(), calls, sweeping).graph;
  const held = newThread("held");
  const overdue = newThread("overdue");
  await onReviewer.invoke(ask(), held);
  await onReviewer.invoke(ask(), overdue);

  deploy.close(held.configurable.thread_id);
  const pending = await getInterrupt(onReviewer, held);
  const approved = resume(onReviewer, held, [{ type: "approve" }], { interruptId: pending!.interruptId });
  await deploy.started(held.configurable.thread_id);
  await new Promise((wait) => setTimeout(wait, 400));
  return { deploy, onReviewer, onSweeper, held, overdue, approved };
}
