/**
 * Durable approvals on Postgres: this process pauses a run and exits the picture; a SECOND
 * process (another replica, a worker, a cron job…) finds it in the approvals inbox and resumes
 * it. Starts an embedded Postgres when DATABASE_URL is not set.
 *
 *   npm run demo:pg
 */
import { execFileSync } from "node:child_process";
import { tool } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { ApprovalToolNode, formatInterrupt, getInterrupt, isToolApprovalInterrupt, resume } from "../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../src/postgres/index.js";
import { ScriptedChatModel, toolCallingScript } from "./support/scripted-chat-model.js";
import { failAndExit } from "./support/fail.mjs";

const refund = tool(async ({ order, amount }, runtime) => `Refunded ${amount} EUR on ${order} (idempotency key ${String((runtime as { toolCallId?: string }).toolCallId)}).`, {
  name: "refund",
  description: "Refund an order",
  schema: z.object({ order: z.string(), amount: z.number() }),
});

/** Every process builds the same graph over the same database. */
function buildGraph(checkpointer: HITLPostgresSaver) {
  const model = new ScriptedChatModel(toolCallingScript([{ name: "refund", args: { order: "A-1001", amount: 120 } }], (results) => results.join("\n")));
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ApprovalToolNode([refund], { interruptOn: { refund: { description: "Refunds above 100 EUR need a second pair of eyes" } } }))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer });
}

/** The second process: find the pending approval in the inbox and resume it. */
async function reviewer(url: string): Promise<void> {
  const checkpointer = await createPostgresCheckpointer(url);
  const graph = buildGraph(checkpointer);
  const { items } = await checkpointer.listPendingInterrupts({ limit: 10 });
  for (const item of items) {
    if (!isToolApprovalInterrupt(item.payload)) continue;
    console.log(`[reviewer pid ${process.pid}] inbox: thread ${item.threadId}\n${formatInterrupt(item.payload)}`);
    const result = await resume(graph, { configurable: { thread_id: item.threadId } }, [{ type: "approve" }], {
      interruptId: item.interruptId,
      reviewer: { id: "finance-7", name: "Dana" },
      comment: "customer verified",
    });
    console.log(`[reviewer pid ${process.pid}] approved; the agent answered: ${String(result.values.messages.at(-1)?.content)}`);
  }
  await checkpointer.end();
}

/** The first process: start the run, which pauses before the refund runs. */
async function agent(url: string): Promise<void> {
  const checkpointer = await createPostgresCheckpointer(url);
  const graph = buildGraph(checkpointer);
  const config = { configurable: { thread_id: `refund-${Date.now()}` } };
  await graph.invoke({ messages: [{ role: "user", content: "Please refund order A-1001." }] }, config);
  const pending = await getInterrupt(graph, config);
  console.log(`[agent pid ${process.pid}] paused on thread ${config.configurable.thread_id}, interrupt ${pending?.interruptId}`);
  console.log(`[agent pid ${process.pid}] handing over to another process…`);
  execFileSync(process.execPath, ["--import", "tsx", __filename, "--review"], { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
  const [message] = (await graph.getState(config)).values.messages.filter((m: { getType(): string }) => m.getType() === "tool");
  console.log(`[agent pid ${process.pid}] the thread now holds: ${String(message?.content)} — decided by ${JSON.stringify(message?.additional_kwargs["hitl"])}`);
  await checkpointer.end();
}

async function main(): Promise<void> {
  if (process.argv.includes("--review")) return reviewer(process.env["DATABASE_URL"] ?? "");
  const given = process.env["DATABASE_URL"];
  if (given !== undefined && given !== "") return agent(given);
  const { startEmbeddedPostgres } = await import("./support/embedded-postgres.mjs");
  console.log("(no DATABASE_URL: starting an embedded Postgres)");
  const server = await startEmbeddedPostgres();
  try {
    await agent(server.url);
  } finally {
    await server.stop();
  }
}

main().catch(failAndExit);
