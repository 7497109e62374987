/**
 * LangChain v1's `createAgent` with `approvalMiddleware`: the agent wants to check the weather,
 * delete a file and email the team. Deleting and emailing need your approval; the run pauses
 * once for both, you decide, and the run goes on — nothing ran before you decided, and a
 * reject never stops the approved calls.
 *
 *   npm run demo:agent
 *
 * It reads your answers from stdin, typed at a terminal (Ctrl-C cancels, and nothing runs) or
 * piped in (`echo r | npm run demo` rejects); input that ends before an answer approves nothing
 * and exits 1. With CI=true or `-- --yes` it decides by itself (approves, picks the first
 * option) and says so.
 */
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { z } from "zod";
import { formatInterrupt, getInterrupt, isHITLError, isToolApprovalInterrupt, resume, start } from "../src/index.js";
import { approvalMiddleware } from "../src/langchain/index.js";
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
const sendEmail = tool(async ({ to, subject }) => `Sent "${subject}" to ${to}.`, {
  name: "send_email",
  description: "Send an email",
  schema: z.object({ to: z.string().email(), subject: z.string() }),
});

// A scripted model (no key, no network): one turn with three calls, then a summary of their results.
const model = new ScriptedChatModel(
  toolCallingScript(
    [
      { name: "get_weather", args: { city: "Lisbon" } },
      { name: "delete_file", args: { path: "/tmp/report.csv" } },
      { name: "send_email", args: { to: "team@example.com", subject: "Report cleaned up" } },
    ],
    (results) => `Here is what happened:\n  - ${results.join("\n  - ")}`,
  ),
);

const agent = createAgent({
  model,
  tools: [getWeather, deleteFile, sendEmail],
  middleware: [
    approvalMiddleware({
      interruptOn: {
        delete_file: { description: "Deleting files cannot be undone" },
        send_email: { allowedDecisions: ["approve", "edit", "reject"] },
      },
    }),
  ],
  checkpointer: new MemorySaver(),
});

async function main(): Promise<void> {
  const config = { configurable: { thread_id: "agent-demo" } };
  const first = await start(agent, { messages: [{ role: "user", content: "Check the weather in Lisbon, clean up the old report and tell the team." }] }, config);
  let pending = first.interrupt ?? (await getInterrupt(agent, config));
  let values = first.values as { messages: Array<{ getType(): string; name?: string; content: unknown; status?: string }> };
  while (pending !== undefined && isToolApprovalInterrupt(pending.payload)) {
    console.log(`\n⏸  The agent paused. ${formatInterrupt(pending.payload)}`);
    try {
      const result = await resume(agent, config, await decideApprovals(pending.payload), { interruptId: pending.interruptId, reviewer: { id: "demo-user" } });
      values = result.values as typeof values;
      pending = result.interrupt;
    } catch (error) {
      if (!isHITLError(error)) throw error;
      console.log(`\n✗ ${error.code}: ${error.message}`);
    }
  }

  console.log("\nTool results:");
  for (const message of values.messages.filter((m) => m.getType() === "tool")) {
    console.log(`  ${message.status === "error" ? "✗" : "✓"} ${message.name}: ${String(message.content)}`);
  }
  console.log(`\nFinal answer:\n${String(values.messages.at(-1)?.content)}\n`);
}

runDemo(main);
