// One replica for the one-continuation tests: it pauses a run, or resumes it (several copies at
// once, through resume() or a raw Command), on a StateGraph with ApprovalToolNode or a createAgent
// agent with approvalMiddleware. After the reviewed `charge` the model calls the allowed `notify`,
// then ends. Every model call and tool run is recorded in `activity` with the process and the
// copy (an AsyncLocalStorage index) it belongs to, so the test can say who ran what.
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
import { closeStdin, untilLine } from "../../support/postgres/children/stdin-lines.js";

const [url = "", mode = "", adapter = "graph", threadId = "", ...rest] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 30 });
pool.on("error", () => undefined);
const saver = new HITLPostgresSaver(pool, { claimLeaseMs: Number(process.env["HITL_TEST_LEASE_MS"] ?? 10_000) });
/** `charge`: the reviewed tool hangs (after recording its run) until the parent sends `continue`. */
const holdIn = process.env["HITL_WORKER_HOLD"];
const copy = new AsyncLocalStorage<number>();

async function record(kind: string): Promise<void> {
  await pool.query("INSERT INTO activity (thread_id, kind, pid, copy) VALUES ($1, $2, $3, $4)", [threadId, kind, process.pid, copy.getStore() ?? -1]);
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
const config = { configurable: { thread_id: threadId } };

function outcomeOf(error: unknown): string {
  return isHITLError(error) ? `error ${error.code}` : `crash ${(error as Error).message}`;
}

async function resumeCopy(how: string, interruptId: string, decision: ToolApprovalDecision, durability: "sync" | "async" | undefined): Promise<string> {
  try {
    if (how === "raw") {
      await graph.invoke(new Command({ resume: { [interruptId]: { decisions: [decision] } } }), { ...config, ...(durability === undefined ? {} : { durability }) });
      return "ok raw";
    }
    const result = await resume(graph as never, config, [decision], { interruptId, reviewer: { id: `pid-${process.pid}` } });
    return `ok ${result.interrupt === undefined ? "done" : "paused"}`;
  } catch (error) {
    return outcomeOf(error);
  }
}

async function main(): Promise<void> {
  if (mode === "pause") {
    await graph.invoke({ messages: [{ role: "user", content: "charge 42 and tell me" }] }, config);
    console.log(`paused ${(await getInterrupt(graph as never, config))?.interruptId ?? "none"}`);
    return;
  }
  // resume <interruptId> <decision> <copies> [resume|raw] [durability]
  const [interruptId = "", decisionJson = '{"type":"approve"}', copies = "1", how = "resume", durability] = rest as [string?, string?, string?, string?, ("sync" | "async")?];
  const decision = JSON.parse(decisionJson) as ToolApprovalDecision;
  await pool.query("SELECT 1");
  console.log("ready");
  await untilLine("go");
  const outcomes = await Promise.all(Array.from({ length: Number(copies) }, (_, index) => copy.run(index, () => resumeCopy(how, interruptId, decision, durability))));
  outcomes.forEach((outcome, index) => console.log(`outcome ${process.pid}/${index} ${outcome}`));
}

main()
  .then(async () => {
    closeStdin();
    await saver.end();
    console.log("done");
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
