/**
 * The graph the local LangGraph Agent Server serves for `npm run demo:remote` and the remote
 * tests: an agent whose `deploy` tool needs a person's approval. The model is scripted (no
 * network). Each run of `deploy` appends one line to the file `HITL_REMOTE_COUNTER_FILE` names,
 * so a caller in another process can count executions. `expiring` is the same agent with a
 * 50 ms approval deadline.
 */
import { appendFile } from "node:fs/promises";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode } from "../../src/index.js";
import { scriptedAgent } from "../support/agent-graph.js";
import { toolCallingScript } from "../support/scripted-chat-model.js";

const deploy = tool(
  async ({ service, replicas }) => {
    const counterFile = process.env["HITL_REMOTE_COUNTER_FILE"];
    if (counterFile !== undefined && counterFile !== "") await appendFile(counterFile, `${service} x${replicas}\n`);
    return `Deployed ${service} with ${replicas} replica(s).`;
  },
  {
    name: "deploy",
    description: "Deploy a service",
    schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }),
  },
);

const script = toolCallingScript([{ name: "deploy", args: { service: "billing", replicas: 2 } }]);

// The Agent Server brings its own checkpointer, so the graphs are compiled without one.
export const graph = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: { description: "Deploys reach production" } } }), script, false).graph;

/** The same agent whose approvals expire after 50 ms (served as "expiring" for the tests). */
export const expiring = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: { expiresInMs: 50 } } }), script, false).graph;
