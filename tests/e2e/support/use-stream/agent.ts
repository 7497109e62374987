/**
 * The graphs the useStream browser test serves on a local Agent Server (`langgraphjs dev`). The
 * model is scripted (no network). Each run of `deploy` appends one line to the file
 * `HITL_REMOTE_COUNTER_FILE` names, so the test counts executions from another process.
 *
 * - `node`: an agent whose `deploy` goes through our `ApprovalToolNode`;
 * - `question`: an agent that asks the person with `ask_user_question` (through the same node);
 * - `middleware`: `createAgent` with `approvalMiddleware`, the same `deploy`.
 */
import { appendFile } from "node:fs/promises";
import { tool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool } from "../../../../src/index.js";
import { approvalMiddleware } from "../../../../src/langchain/index.js";
import { scriptedAgent } from "../../../../examples/support/agent-graph.js";
import { ScriptedChatModel, toolCallingScript } from "../../../../examples/support/scripted-chat-model.js";

const deploy = tool(
  async ({ service, replicas }) => {
    const counterFile = process.env["HITL_REMOTE_COUNTER_FILE"];
    if (counterFile !== undefined && counterFile !== "") await appendFile(counterFile, `${service} x${replicas}\n`);
    return `Deployed ${service} with ${replicas} replica(s).`;
  },
  { name: "deploy", description: "Deploy a service", schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }) },
);

const deployScript = () => toolCallingScript([{ name: "deploy", args: { service: "billing", replicas: 2 } }]);

// The Agent Server brings its own checkpointer, so the graphs are compiled without one.
export const node = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: { description: "Deploys reach production" } } }), deployScript(), false).graph;

export const question = scriptedAgent(
  new ApprovalToolNode([createAskUserQuestionTool()]),
  toolCallingScript([{ name: "ask_user_question", args: { question: "Which region first?", options: [{ label: "Europe", value: "eu" }, { label: "Asia", value: "ap" }] } }]),
  false,
).graph;

export const middleware = createAgent({ model: new ScriptedChatModel(deployScript()), tools: [deploy], middleware: [approvalMiddleware({ interruptOn: { deploy: true } })] });
