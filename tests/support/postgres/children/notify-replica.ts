// One replica for the notification and expiry tests, with its own pool:
//   notify <url> <channel> <receiver> <leaseMs> [threadId]  runs a notifier that POSTs signed
//       webhooks to <receiver>; with a thread id it first pauses a run there and prints
//       `paused <interruptId>`. Runs until killed.
//   sweep <url> <intervalMs> <batchSize>  runs an expiry sweeper and records, in `sweeps`, every
//       due approval it leased (thread, interrupt, pid, what became of it). Prints `sweeping`;
//       stops when it reads `stop`, then prints its stats.
//   pause <url> <count> <expiresInMs> <prefix>  pauses <count> runs whose approvals expire.
import pg from "pg";
import { ApprovalToolNode, createWebhookSender, getInterrupt, startApprovalNotifier } from "../../../../src/index.js";
import { HITLPostgresSaver } from "../../../../src/postgres/index.js";
import { startExpirySweeper, type DueApprovalLeases } from "../../../../src/sweeper/index.js";
import { agentGraph, ask, countingTool } from "../../fixtures.js";
import { runChild, untilLine } from "./stdin-lines.js";

const [url = "", mode = "", ...rest] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on("error", () => undefined);
const saver = new HITLPostgresSaver(pool);
const secret = process.env["HITL_WEBHOOK_SECRET"] ?? "";

function deployGraph(expiresInMs?: number) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: expiresInMs === undefined ? true : { expiresInMs } } });
  return agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver).graph;
}

async function notify(): Promise<void> {
  const [channel = "", receiver = "", leaseMs = "2000", threadId] = rest;
  const lease = Number(leaseMs);
  startApprovalNotifier({ checkpointer: saver, channel, pollMs: 100, leaseMs: lease, sendTimeoutMs: lease - 500, send: createWebhookSender({ url: receiver, secret }) });
  if (threadId !== undefined) {
    const graph = deployGraph();
    const config = { configurable: { thread_id: threadId } };
    await graph.invoke(ask(), config);
    console.log(`paused ${(await getInterrupt(graph, config))?.interruptId}`);
  }
  console.log("notifying");
  await new Promise(() => undefined);
}

/** Records each leased approval before and after it is expired, so the test sees every attempt of every replica. */
function recordingLeases(leases: DueApprovalLeases): DueApprovalLeases {
  return {
    lease: async (limit, leaseMs) => {
      const due = await leases.lease(limit, leaseMs);
      for (const approval of due) await pool.query("INSERT INTO sweeps (thread_id, interrupt_id, pid, leased_at) VALUES ($1, $2, $3, clock_timestamp())", [approval.threadId, approval.interruptId, process.pid]);
      return due;
    },
    release: (due) => leases.release(due),
  };
}

async function sweep(): Promise<void> {
  const [intervalMs = "500", batchSize = "5"] = rest;
  const graph = deployGraph();
  // This saver's inbox, its leases wrapped so every lease is recorded.
  const inbox = {
    listPendingInterrupts: saver.listPendingInterrupts.bind(saver),
    expirePendingInterrupts: saver.expirePendingInterrupts.bind(saver),
    dueApprovals: recordingLeases(saver.dueApprovals),
  };
  const sweeper = startExpirySweeper({ graph, checkpointer: inbox, intervalMs: Number(intervalMs), batchSize: Number(batchSize) });
  console.log("sweeping");
  await untilLine("stop");
  await sweeper.stop();
  console.log(`stats ${JSON.stringify(sweeper.stats())}`);
}

async function pause(): Promise<void> {
  const [count = "1", expiresInMs = "2000", prefix = "due"] = rest;
  const graph = deployGraph(Number(expiresInMs));
  for (let index = 0; index < Number(count); index += 1) {
    const config = { configurable: { thread_id: `${prefix}-${index}` } };
    await graph.invoke(ask(), config);
    console.log(`paused ${config.configurable.thread_id} ${(await getInterrupt(graph, config))?.interruptId}`);
  }
}

async function main(): Promise<void> {
  if (mode === "notify") return notify();
  if (mode === "sweep") return sweep();
  if (mode === "pause") return pause();
  throw new Error(`unknown mode ${mode}`);
}

runChild(main, saver);
