import type { InboxHint } from "../../src/inbox/change-feed.js";
import { resume } from "../../src/index.js";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { useTwoReplicas } from "../support/postgres/use-checkpointer.js";
import { ChangeReader, deployAgent, isGoneOn, isRaisedOn, pause } from "./watch-support.js";

/** Two replicas: separate savers, each with its own pool, on one database. */
const replicas = useTwoReplicas();

async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("watchPendingInterrupts on Postgres, across replicas (LISTEN/NOTIFY)", () => {
  test("a pause, a resolve and an expiry through replica A are heard by a watch on replica B", async () => {
    const controller = new AbortController();
    const reader = new ChangeReader(replicas.b.watchPendingInterrupts({ signal: controller.signal }));
    await reader.next((change) => change.type === "snapshot");

    const { graph, deploy } = deployAgent(replicas.a);
    const paused = await pause(graph, "pg-a");
    expect(await reader.next(isRaisedOn(paused.threadId))).toMatchObject({ interrupt: { interruptId: paused.interruptId, payload: { type: "tool_approval" } } });

    await resume(graph, paused.config, [{ type: "approve" }], { interruptId: paused.interruptId });
    await reader.next(isGoneOn("resolved", paused.threadId));
    expect(deploy.count).toBe(1);

    const { graph: bounded } = deployAgent(replicas.a, 150);
    const expiring = await pause(bounded, "pg-expiring");
    await reader.next(isRaisedOn(expiring.threadId));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await replicas.a.expirePendingInterrupts(bounded);
    expect(await reader.next(isGoneOn("expired", expiring.threadId))).toMatchObject({ interruptId: expiring.interruptId });

    controller.abort();
    await reader.end();
  });

  test("a write that rolled back is never notified; the one committed after it is", async () => {
    const hints: InboxHint[] = [];
    const subscription = replicas.b.inboxNotifications.subscribe((hint) => hints.push(hint));
    await subscription.ready;
    const client = await replicas.db.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO hitl_pending_interrupts (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at) VALUES ('rolled-back', 't', 0, 'c', 'i', now())`,
      );
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    const { graph } = deployAgent(replicas.a);
    const committed = await pause(graph, "pg-committed");
    await waitFor(() => hints.find((hint) => hint.kind === "thread" && hint.threadId === committed.threadId));
    expect(hints.filter((hint) => hint.kind === "thread" && hint.threadId === "rolled-back")).toEqual([]);
    subscription.close();
  });

  test("after its listener connection is terminated, the watch re-reads the inbox: nothing that changed meanwhile is lost, and later changes are heard", async () => {
    const { graph } = deployAgent(replicas.a);
    const leaving = await pause(graph, "pg-outage-leaving");
    const arriving = await pause(graph, "pg-outage-arriving");
    // Take `arriving` out of the inbox for now, to put it back while the listener is down.
    const { rows: saved } = await replicas.db.pool.query("DELETE FROM hitl_pending_interrupts WHERE thread_id = $1 RETURNING *", [arriving.threadId]);
    const hints: InboxHint[] = [];
    const recorder = replicas.b.inboxNotifications.subscribe((hint) => hints.push(hint));
    const controller = new AbortController();
    const reader = new ChangeReader(replicas.b.watchPendingInterrupts({ signal: controller.signal }));
    const snapshot = await reader.next((change) => change.type === "snapshot");
    expect(snapshot.type === "snapshot" && snapshot.items.map((item) => item.threadId)).toEqual(expect.arrayContaining([leaving.threadId]));
    const pid = await waitFor(() => replicas.b.inboxNotifications.listenerPid);

    await replicas.db.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    // Within the 100 ms before B's listener connects again, so their notifications reach no one.
    await replicas.db.pool.query("DELETE FROM hitl_pending_interrupts WHERE thread_id = $1", [leaving.threadId]);
    const columns = Object.keys(saved[0]);
    await replicas.db.pool.query(`INSERT INTO hitl_pending_interrupts (${columns.join(", ")}) SELECT * FROM json_populate_record(NULL::hitl_pending_interrupts, $1)`, [JSON.stringify(saved[0])]);
    expect(hints).toEqual([]);

    await reader.next(isRaisedOn(arriving.threadId));
    await reader.next(isGoneOn("resolved", leaving.threadId));
    expect(hints).toContainEqual({ kind: "resync" });
    expect(hints.filter((hint) => hint.kind === "thread" && [arriving.threadId, leaving.threadId].includes(hint.threadId))).toEqual([]);
    expect(await waitFor(() => replicas.b.inboxNotifications.listenerPid)).not.toBe(pid);

    const afterRecovery = await pause(graph, "pg-after-recovery");
    await reader.next(isRaisedOn(afterRecovery.threadId));
    controller.abort();
    await reader.end();
    recorder.close();
  });

  test("a thread id too long for a notification still commits, and is notified as 're-read everything'", async () => {
    const hints: InboxHint[] = [];
    const subscription = replicas.b.inboxNotifications.subscribe((hint) => hints.push(hint));
    await subscription.ready;
    const longId = "t".repeat(7_001);
    await replicas.db.pool.query(`INSERT INTO hitl_pending_interrupts (thread_id, task_id, position, checkpoint_id, interrupt_id, created_at) VALUES ($1, 't', 0, 'c', 'i', now())`, [longId]);
    await waitFor(() => hints.find((hint) => hint.kind === "resync"));
    expect(hints.filter((hint) => hint.kind === "thread" && hint.threadId === longId)).toEqual([]);
    await replicas.db.pool.query("DELETE FROM hitl_pending_interrupts WHERE thread_id = $1", [longId]);
    subscription.close();
  });

  test("end() ends every watch on the saver and closes its listener connection", async () => {
    const saver = await createPostgresCheckpointer(replicas.db.url);
    const reader = new ChangeReader(saver.watchPendingInterrupts());
    await reader.next((change) => change.type === "snapshot");
    const pid = await waitFor(() => saver.inboxNotifications.listenerPid);
    await saver.end();
    await reader.end();
    const alive = async () => (await replicas.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1", [pid])).rows[0]!.n;
    const deadline = Date.now() + 5_000;
    while ((await alive()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await alive()).toBe(0);
  });
});
