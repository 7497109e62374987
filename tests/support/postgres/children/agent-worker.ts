// An agent process with its own pool, for the multi-process tests. It pauses a run, or resumes
// one (possibly many times at once), printing what happened; its `charge` tool records every
// execution in the `tool_runs` table so the test can count them across processes.
import { tool } from "@langchain/core/tools";
import pg from "pg";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, isHITLError, resume, type ToolApprovalDecision } from "../../../../src/index.js";
import { HITLPostgresSaver } from "../../../../src/postgres/index.js";
import { agentGraph, ask } from "../../fixtures.js";
import { runChild, untilLine } from "./stdin-lines.js";

const [url = "", mode = "", threadId = "", ...rest] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 30 });
pool.on("error", () => undefined);
// The claim lease: tests that kill a resumer pass a short one (HITL_TEST_LEASE_MS) so its batch can be completed quickly.
const saver = new HITLPostgresSaver(pool, { claimLeaseMs: Number(process.env["HITL_TEST_LEASE_MS"] ?? 10_000) });

/** Which of the worker's tools hangs (after recording its run) in `resume-and-hang`. Default: charge. */
const hangingTool = process.env["HITL_WORKER_HANG"] ?? "charge";
/** How long a tool takes after recording its run. */
const toolMs = Number(process.env["HITL_WORKER_TOOL_MS"] ?? 0);

function recordingTool(name: string) {
  return tool(
    async ({ amount }, runtime) => {
      const toolCallId = (runtime as { toolCallId?: string }).toolCallId ?? "";
      await pool.query("INSERT INTO tool_runs (thread_id, tool_call_id, pid, amount) VALUES ($1, $2, $3, $4)", [threadId, toolCallId, process.pid, amount]);
      if (mode === "resume-and-hang" && name === hangingTool) {
        console.log("running");
        await new Promise(() => undefined);
      }
      if (toolMs > 0) await new Promise((resolve) => setTimeout(resolve, toolMs));
      return `${name === "charge" ? "charged" : "shipped"} ${amount}`;
    },
    { name, description: `${name}s`, schema: z.object({ amount: z.number() }) },
  );
}

// HITL_WORKER_CALLS=pair: the model asks for a charge and a shipment in one batch.
const pair = process.env["HITL_WORKER_CALLS"] === "pair";
const node = new ApprovalToolNode([recordingTool("charge"), recordingTool("ship")], { interruptOn: { charge: true, ship: true } });
const calls = [{ name: "charge", args: { amount: 42 }, id: "charge-1" }, ...(pair ? [{ name: "ship", args: { amount: 1 }, id: "ship-1" }] : [])];
const { graph } = agentGraph(node, calls, saver);
const config = { configurable: { thread_id: threadId } };

async function resumeOnce(interruptId: string, decision: ToolApprovalDecision): Promise<string> {
  try {
    const result = await resume(graph, config, calls.map(() => decision), { interruptId, reviewer: { id: `pid-${process.pid}` } });
    // A submission whose decisions were not the ones applied is reported as such, with the run's result.
    if (result.status === "superseded") return "superseded";
    return `ok ${result.interrupt === undefined ? "done" : "paused"}`;
  } catch (error) {
    return isHITLError(error) ? `error ${error.code}` : `crash ${(error as Error).message}`;
  }
}

async function main(): Promise<void> {
  if (mode === "pause") {
    await graph.invoke(ask(), config);
    console.log(`paused ${(await getInterrupt(graph, config))?.interruptId ?? "none"}`);
    return;
  }
  const [interruptId = "", decisionJson = '{"type":"approve"}', copies = "1"] = rest;
  const decision = JSON.parse(decisionJson) as ToolApprovalDecision;
  await pool.query("SELECT 1");
  console.log("ready");
  await untilLine("go");
  const outcomes = await Promise.all(Array.from({ length: Number(copies) }, () => resumeOnce(interruptId, decision)));
  for (const outcome of outcomes) console.log(`outcome ${outcome}`);
}

runChild(main, saver);
