/**
 * The model asks the person a question through the `ask_user_question` tool, in the same
 * batch as a call that needs approval. The approval comes first, then the question; no tool
 * runs until both are in.
 *
 *   npm run demo:ask
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
import {
  ApprovalToolNode,
  createAskUserQuestionTool,
  formatInterrupt,
  isAskUserQuestionInterrupt,
  isHITLError,
  isToolApprovalInterrupt,
  resume,
  start,
  type ResumeValue,
  type RunInterruptResult,
} from "../src/index.js";
import { ScriptedChatModel, toolCallingScript } from "./support/scripted-chat-model.js";
import { answerQuestion, decideApprovals, runDemo } from "./support/terminal.js";

const deploy = tool(async ({ service }) => `Deployed ${service}.`, {
  name: "deploy",
  description: "Deploy a service",
  schema: z.object({ service: z.string() }),
});

const model = new ScriptedChatModel(
  toolCallingScript(
    [
      {
        name: "ask_user_question",
        args: {
          question: "Which environment should I deploy to?",
          options: [
            { label: "Staging", value: "staging" },
            { label: "Production", value: "production" },
          ],
        },
      },
      { name: "deploy", args: { service: "billing-api" } },
    ],
    (results) => `Environment: ${results[0]}. ${results[1]}`,
  ),
);

const graph = new StateGraph(MessagesAnnotation)
  .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
  .addNode("tools", new ApprovalToolNode([deploy, createAskUserQuestionTool()], { interruptOn: { deploy: true } }))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", toolsCondition, ["tools", END])
  .addEdge("tools", "agent")
  .compile({ checkpointer: new MemorySaver() });

async function answerFor(pending: RunInterruptResult): Promise<ResumeValue> {
  const { payload } = pending;
  console.log(`\n⏸  The agent paused. ${formatInterrupt(payload)}`);
  if (isToolApprovalInterrupt(payload)) return decideApprovals(payload);
  if (isAskUserQuestionInterrupt(payload)) return answerQuestion(payload);
  throw new Error("unexpected interrupt");
}

async function main(): Promise<void> {
  const config = { configurable: { thread_id: "ask-demo" } };
  let outcome = await start(graph, { messages: [{ role: "user", content: "Ship the billing API." }] }, config);
  while (outcome.interrupt !== undefined) {
    const pending = outcome.interrupt;
    try {
      outcome = await resume(graph, config, await answerFor(pending), { interruptId: pending.interruptId });
    } catch (error) {
      if (!isHITLError(error)) throw error;
      console.log(`\n✗ ${error.code}: ${error.message}`);
    }
  }
  console.log(`\nFinal answer:\n${String(outcome.values.messages.at(-1)?.content)}\n`);
}

runDemo(main);
