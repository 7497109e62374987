/**
 * What `args` and `args_schema` cost per paused thread on Postgres: pauses two identical threads
 * (one call of a two-argument tool), rewrites the second one's interrupt write without the two
 * fields through the saver's own `putWrites`, and compares the stored bytes of the rows.
 *
 *   npx tsx bench/interrupt-size.ts
 *
 * Starts an embedded Postgres unless DATABASE_URL is set.
 */
import { tool } from "@langchain/core/tools";
import pg from "pg";
import { z } from "zod";
import { scriptedAgent } from "../examples/support/agent-graph.js";
import { toolCallingScript } from "../examples/support/scripted-chat-model.js";
import { ApprovalToolNode, type ToolApprovalInterruptPayload } from "../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../src/postgres/index.js";
import { failAndExit } from "../examples/support/fail.mjs";

const deploy = tool(async ({ service, replicas }) => `Deployed ${service} x${replicas}`, {
  name: "deploy",
  description: "Deploy a service",
  schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }),
});

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env["DATABASE_URL"];
  if (given !== undefined && given !== "") return { url: given, stop: async () => undefined };
  const { startEmbeddedPostgres } = await import("../examples/support/embedded-postgres.mjs");
  const server = await startEmbeddedPostgres();
  return { url: server.url, stop: server.stop };
}

interface Sizes {
  /** Bytes of the serialised interrupt write (the `blob` column). */
  raw: number;
  /** Bytes Postgres stores for it (after its own compression). */
  stored: number;
  /** Stored bytes of every row of the thread, across the checkpointer's tables. */
  thread: number;
}

async function sizesOf(client: pg.Client, threadId: string): Promise<Sizes> {
  const write = await client.query<{ raw: number; stored: number }>(
    "SELECT octet_length(blob)::int AS raw, pg_column_size(blob)::int AS stored FROM checkpoint_writes WHERE thread_id = $1 AND channel = '__interrupt__'",
    [threadId],
  );
  const thread = await client.query<{ bytes: number }>(
    `SELECT (SELECT coalesce(sum(pg_column_size(w.*)), 0) FROM checkpoint_writes w WHERE thread_id = $1)
          + (SELECT coalesce(sum(pg_column_size(b.*)), 0) FROM checkpoint_blobs b WHERE thread_id = $1)
          + (SELECT coalesce(sum(pg_column_size(c.*)), 0) FROM checkpoints c WHERE thread_id = $1) AS bytes`,
    [threadId],
  );
  return { raw: write.rows[0]?.raw ?? 0, stored: write.rows[0]?.stored ?? 0, thread: Number(thread.rows[0]?.bytes ?? 0) };
}

function withoutNewFields(payload: ToolApprovalInterruptPayload): unknown {
  return {
    ...payload,
    action_requests: payload.action_requests.map(({ args: _args, ...request }) => request),
    review_configs: payload.review_configs.map(({ args_schema: _schema, ...config }) => config),
  };
}

/** Rewrites a paused thread's interrupt write without `args`/`args_schema`, as an older version stored it. */
async function stripNewFields(saver: HITLPostgresSaver, threadId: string): Promise<void> {
  const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
  const write = tuple?.pendingWrites?.find(([, channel]) => channel === "__interrupt__");
  if (tuple === undefined || write === undefined) throw new Error("the thread did not pause");
  const [taskId, channel, value] = write;
  const interrupts = (value as Array<{ id: string; value: ToolApprovalInterruptPayload }>).map((entry) => ({ ...entry, value: withoutNewFields(entry.value) }));
  await saver.putWrites(tuple.config, [[channel, interrupts]], taskId);
}

async function main(): Promise<void> {
  const { url, stop } = await database();
  const saver = await createPostgresCheckpointer(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { graph } = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: true } }), toolCallingScript([{ name: "deploy", args: { service: "billing", replicas: 2 } }]), saver);
    const [withFields, withoutFields] = [`size-new-${Date.now()}`, `size-old-${Date.now()}`];
    for (const threadId of [withFields, withoutFields]) await graph.invoke({ messages: [{ role: "user", content: "deploy billing" }] }, { configurable: { thread_id: threadId } });
    await stripNewFields(saver, withoutFields);
    const [after, before] = [await sizesOf(client, withFields), await sizesOf(client, withoutFields)];
    console.log("interrupt write of one paused call (deploy { service: string, replicas: integer })");
    console.log(`  without args/args_schema: ${before.raw} B serialised, ${before.stored} B stored; whole thread ${before.thread} B`);
    console.log(`  with args/args_schema:    ${after.raw} B serialised, ${after.stored} B stored; whole thread ${after.thread} B`);
    console.log(`  extra per paused thread:  +${after.stored - before.stored} B stored (+${after.raw - before.raw} B serialised), +${(((after.thread - before.thread) / before.thread) * 100).toFixed(1)}% of the thread`);
  } finally {
    await client.end();
    await saver.end();
    await stop();
  }
}

main().catch(failAndExit);
