// One replica for the one-continuation tests: it pauses runs, or resumes them (several copies at
// once, through resume() or a raw Command), on a StateGraph with ApprovalToolNode or a createAgent
// agent with approvalMiddleware. After the reviewed `charge` the model calls the allowed `notify`,
// then ends. Every model call and tool run is recorded in `activity` with the thread, the process
// and the copy (an AsyncLocalStorage index) it belongs to, so the test can say who ran what.
// Threads (and their interrupt ids) are comma-separated: one process serves several at once.
import { AsyncLocalStorage } from "node:async_hooks";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import pg from "pg";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, isHITLError, resume, type ToolApprovalDecision } from "../../../src/index.js";
import { approvalMiddleware } from "../../../src/langchain/index.js";
import { HITLPostgresSaver } from "../../../src/postgres/index.js";
import { ScriptedChatModel } from "../../support/fixtures.js";
import { runChild, untilLine } from "../../support/postgres/children/stdin-lines.js";

const [url = "", mode = "", adapter = "graph", threadList = "", ...rest] = process.argv.slice(2);
const threadIds = threadList.split(",");
const pool = new pg.Pool({ connectionString: url, max: 30 });
pool.on("error", () => undefined);
const saver = new HITLPostgresSaver(pool, { claimLeaseMs: Number(process.env["HITL_TEST_LEASE_MS"] ?? 10_000) });
/** `charge`: the reviewed tool hangs (after recording its run) until the parent sends `continue`. */
const holdIn = process.env["HITL_WORKER_HOLD"];
const running = new AsyncLocalStorage<{ threadId: string; copy: number }>();

async function record(kind: string): Promise<void> {
  const { threadId = "", copy = -1 } = running.getStore() ?? {};
  await pool.query("INSERT INTO activity (thread_id, kind, pid, copy) VALUES ($1, $2, $3, $4)", [threadId, kind, process.pid, copy]);
}

function recordingTool(name: string) {
  return tool(
    async () => {
      await record(name);
      if (holdIn === name) {
        console.log(`holding ${name}`);
        await untilLine("continue");
      }
      return `${name} done`;
    },
    { name, description: `${name}s`, schema: z.object({ amount: z.number() }) },
  );
}

/** Asks for `charge`, then for `notify` once charge has its result, then ends. */
function script(messages: BaseMessage[]): AIMessage {
  const last = messages[messages.length - 1];
  const call = (name: string) => new AIMessage({ content: "", tool_calls: [{ name, args: { amount: 42 }, id: `${name}-1`, type: "tool_call" }] });
  if (last?.getType() !== "tool") return call("charge");
  return (last as { name?: string }).name === "charge" || String(last.content).startsWith("charge") ? call("notify") : new AIMessage("all done");
}

class RecordingModel extends ScriptedChatModel {
  override async _generate(messages: BaseMessage[]) {
    await record("model");
    return super._generate(messages);
  }
}

const tools = [recordingTool("charge"), recordingTool("notify")];
const model = new RecordingModel(script);

function build() {
  if (adapter === "agent") return createAgent({ model, tools, middleware: [approvalMiddleware({ interruptOn: { charge: true } })], checkpointer: saver }) as never as { invoke(input: unknown, config: unknown): Promise<unknown> };
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ApprovalToolNode(tools, { interruptOn: { charge: true } }))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer: saver });
}

const graph = build();
const configOf = (threadId: string) => ({ configurable: { thread_id: threadId } });

function outcomeOf(error: unknown): string {
  return isHITLError(error) ? `error ${error.code}` : `crash ${(error as Error).message}`;
}

async function resumeCopy(threadId: string, how: string, interruptId: string, decision: ToolApprovalDecision, durability: "sync" | "async" | "exit" | undefined): Promise<string> {
  const config = configOf(threadId);
  try {
    if (how === "continue") {
      // A host driving a stuck thread on: run on from the latest checkpoint, no new input.
      await graph.invoke(null, config);
      return "ok continued";
    }
    if (how === "raw") {
      await graph.invoke(new Command({ resume: { [interruptId]: { decisions: [decision] } } }), { ...config, ...(durability === undefined ? {} : { durability }) });
      return "ok raw";
    }
    const result = await resume(graph as never, config, [decision], { interruptId, reviewer: { id: `pid-${process.pid}` } });
    // The run went on with another submission's decisions (this one's were not applied).
    if (result.status === "superseded") return "superseded";
    return `ok ${result.interrupt === undefined ? "done" : "paused"}`;
  } catch (error) {
    return outcomeOf(error);
  }
}

async function main(): Promise<void> {
  if (mode === "pause") {
    const ids = [];
    for (const threadId of threadIds) {
      await running.run({ threadId, copy: -1 }, () => graph.invoke({ messages: [{ role: "user", content: "charge 42 and tell me" }] }, configOf(threadId)));
      ids.push((await getInterrupt(graph as never, configOf(threadId)))?.interruptId ?? "none");
    }
    console.log(`paused ${ids.join(",")}`);
    return;
  }
  // resume <interruptIds> <decision> <copies per thread> [resume|raw] [durability]
  const [interruptList = "", decisionJson = '{"type":"approve"}', copies = "1", how = "resume", durability] = rest as [string?, string?, string?, string?, ("sync" | "async" | "exit")?];
  const decision = JSON.parse(decisionJson) as ToolApprovalDecision;
  await pool.query("SELECT 1");
  console.log("ready");
  await untilLine("go");
  // Clicks rarely land in the same millisecond: copies start `stagger` ms apart, so some arrive while the winner's run moves on.
  const stagger = Number(process.env["HITL_WORKER_STAGGER_MS"] ?? 0);
  // Thread t's copies start t × offset later, so a batch of threads samples many gaps between two processes' clicks.
  const offset = Number(process.env["HITL_WORKER_THREAD_OFFSET_MS"] ?? 0);
  const start = (index: number, t: number) => new Promise((resolve) => setTimeout(resolve, index * stagger + t * offset));
  const interruptIds = interruptList.split(",");
  const copiesOf = (threadId: string, t: number) =>
    Array.from({ length: Number(copies) }, (_, index) =>
      running.run({ threadId, copy: index }, async () => {
        await start(index, t);
        return `outcome ${process.pid}/${index}@${threadId} ${await resumeCopy(threadId, how, interruptIds[t] ?? "", decision, durability)}`;
      }),
    );
  const outcomes = await Promise.all(threadIds.flatMap(copiesOf));
  for (const outcome of outcomes) console.log(outcome);
}

runChild(main, saver);
