/**
 * Quickstart: an agent wants to call a harmless tool and a dangerous one. The dangerous
 * one needs your approval; the run pauses, you decide, the run resumes.
 *
 *   npm run demo
 *
 * It reads your answers from stdin, typed at a terminal (Ctrl-C cancels, and nothing runs) or
 * piped in (`echo r | npm run demo` rejects); input that ends before an answer approves nothing
 * and exits 1. With CI=true or `-- --yes` it decides by itself (approves, picks the first
 * option) and says so.
 */
import { tool } from "@langchain/core/tools";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { ApprovalToolNode, formatInterrupt, getInterrupt, isHITLError, isToolApprovalInterrupt, resume } from "../src/index.js";
import { ScriptedChatModel, toolCallingScript } from "./support/scripted-chat-model.js";
import { decideApprovals, runDemo } from "./support/terminal.js";

const getWeather = tool(async ({ city }) => `It is 18°C and sunny in ${city}.`, {
  name: "get_weather",
  description: "Current weather for a city",
  schema: z.object({ city: z.string() }),
});
const deleteFile = tool(async ({ path }) => `Deleted ${path}.`, {
  name: "delete_file",
  description: "Delete a file",
  schema: z.object({ path: z.string().min(1) }),
});

// A scripted model (no network): it calls both tools, then summarises their results.
const model = new ScriptedChatModel(
  toolCallingScript(
    [
      { name: "get_weather", args: { city: "Lisbon" } },
      { name: "delete_file", args: { path: "/tmp/report.csv" } },
    ],
    (results) => `Here is what happened:\n  - ${results.join("\n  - ")}`,
  ),
);

const tools = new ApprovalToolNode([getWeather, deleteFile], {
  interruptOn: { delete_file: { description: "Deleting files cannot be undone" } },
});

const graph = new StateGraph(MessagesAnnotation)
  .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
  .addNode("tools", tools)
  .addEdge(START, "agent")
  .addConditionalEdges("agent", toolsCondition, ["tools", END])
  .addEdge("tools", "agent")
  .compile({ checkpointer: new MemorySaver() });

async function main(): Promise<void> {
  const config = { configurable: { thread_id: "quickstart" } };
  await graph.invoke({ messages: [{ role: "user", content: "Check the weather in Lisbon and clean up the old report." }] }, config);

  let pending = await getInterrupt(graph, config);
  let final: typeof MessagesAnnotation.State = (await graph.getState(config)).values as typeof MessagesAnnotation.State;
  while (pending !== undefined && isToolApprovalInterrupt(pending.payload)) {
    console.log(`\n⏸  The agent paused. ${formatInterrupt(pending.payload)}`);
    try {
      const result = await resume(graph, config, await decideApprovals(pending.payload), { interruptId: pending.interruptId, reviewer: { id: "demo-user" } });
      final = result.values;
      pending = result.interrupt;
    } catch (error) {
      if (!isHITLError(error)) throw error;
      console.log(`\n✗ ${error.code}: ${error.message}`);
    }
  }

  console.log("\nTool results:");
  for (const message of final.messages.filter((m) => m.getType() === "tool")) {
    const status = (message as { status?: string }).status === "error" ? "✗" : "✓";
    console.log(`  ${status} ${message.name}: ${String(message.content)}`);
  }
  console.log(`\nFinal answer:\n${String(final.messages.at(-1)?.content)}\n`);
}

runDemo(main);
