/**
 * The graph the local LangGraph Agent Server serves for `npm run demo:remote` and the remote
 * tests: an agent whose `deploy` tool needs a person's approval. The model is scripted (no
 * network). Each run of `deploy` appends one line to the file `HITL_REMOTE_COUNTER_FILE` names,
 * so a caller in another process can count executions. `expiring` is the same agent with a
 * 50 ms approval deadline; `signed` requires decisions signed with `REMOTE_SIGNING_KEY`;
 * `flaky` is an agent whose `deploy` fails its first run (for batches completed by a later resume);
 * `halting` halts the run after a deploy (a `PostToolUse` hook's `preventContinuation`),
 * `cancelling` cancels it (`cancelRun`); `middlewareHalting` is `createAgent` with `approvalMiddleware`
 * and the same halting hook; `gated` is the agent whose `deploy`, once started, waits for the caller
 * to let it finish (a run another client can stop mid-call); `gatedAsking` asks which environment
 * first (`ask_user_question`) and then runs that `deploy` unreviewed; `summarising` runs the agent
 * inside a node of a graph whose state keeps only a request and a summary (no messages); `team` is
 * a graph whose one node is the agent, as a subgraph.
 */
import { access, appendFile, readFile } from "node:fs/promises";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { createAgent } from "langchain";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ApprovalToolNode, HookRegistry, createAskUserQuestionTool } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { scriptedAgent } from "../support/agent-graph.js";
import { ScriptedChatModel, toolCallingScript } from "../support/scripted-chat-model.js";

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

/** The key the `signed` graph's node verifies decisions with (a test fixture, not a secret). */
export const REMOTE_SIGNING_KEY = "remote-agent-server-test-key-32ch";

/** The same agent whose node accepts only decisions signed with {@link REMOTE_SIGNING_KEY}. */
export const signed = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: true }, signingKey: REMOTE_SIGNING_KEY }), script, false).graph;

/** The thread a tool call runs on (its run's `thread_id`). */
function threadOf(config: unknown): string {
  return String((config as { configurable?: { thread_id?: unknown } } | undefined)?.configurable?.thread_id ?? "");
}

/** Fails the first time it runs for a thread (marked in `<counter file>.flaky`), then deploys. */
const flakyDeploy = tool(
  async ({ service, replicas }, config) => {
    const counterFile = process.env["HITL_REMOTE_COUNTER_FILE"] ?? "";
    const marks = `${counterFile}.flaky`;
    const threadId = threadOf(config);
    const failed = await readFile(marks, "utf8").catch(() => "");
    if (!failed.split("\n").includes(threadId)) {
      await appendFile(marks, `${threadId}\n`);
      throw new Error("gateway timeout");
    }
    if (counterFile !== "") await appendFile(counterFile, `${service} x${replicas}\n`);
    return `Deployed ${service} with ${replicas} replica(s).`;
  },
  { name: "deploy", description: "Deploy a service", schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }) },
);

/** An agent whose `deploy` fails its first run; tool errors fail the run (`handleToolErrors: false`). */
export const flaky = scriptedAgent(new ApprovalToolNode([flakyDeploy], { interruptOn: { deploy: true }, handleToolErrors: false }), script, false).graph;

/** The same agent whose `PostToolUse` hook halts the run after an approved deploy (`preventContinuation`). */
export const halting = scriptedAgent(
  new ApprovalToolNode([deploy], {
    interruptOn: { deploy: true },
    hooks: new HookRegistry().register("PostToolUse", { matcher: "deploy", hooks: [() => ({ preventContinuation: true, stopReason: "one deploy per run" })] }),
  }),
  script,
  false,
).graph;

/** The same agent whose `PostToolUse` hook cancels the run after a deploy (`cancelRun`): its result is kept. */
export const cancelling = scriptedAgent(
  new ApprovalToolNode([deploy], {
    interruptOn: { deploy: true },
    hooks: new HookRegistry().register("PostToolUse", { matcher: "deploy", hooks: [() => ({ cancelRun: "deploys end the run" })] }),
  }),
  script,
  false,
).graph;

/** `createAgent` with `approvalMiddleware` and the same halting `PostToolUse` hook. */
export const middlewareHalting = createAgent({
  model: new ScriptedChatModel(toolCallingScript([{ name: "deploy", args: { service: "billing", replicas: 2 } }])),
  tools: [deploy],
  middleware: [
    approvalMiddleware({
      interruptOn: { deploy: true },
      hooks: new HookRegistry().register("PostToolUse", { matcher: "deploy", hooks: [() => ({ preventContinuation: true, stopReason: "one deploy per run" })] }),
    }),
  ],
});

/**
 * Marks its start in `<counter file>.started` (a line with the thread id), then waits until the
 * file `<counter file>.release.<thread id>` exists (at most 10 s) before it deploys.
 */
const gatedDeploy = tool(
  async ({ service, replicas }, config) => {
    const counterFile = process.env["HITL_REMOTE_COUNTER_FILE"] ?? "";
    const threadId = threadOf(config);
    await appendFile(`${counterFile}.started`, `${threadId}\n`);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await access(`${counterFile}.release.${threadId}`).then(() => true, () => false))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await appendFile(counterFile, `${service} x${replicas}\n`);
    return `Deployed ${service} with ${replicas} replica(s).`;
  },
  { name: "deploy", description: "Deploy a service", schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }) },
);

/** An agent whose approved `deploy` waits, once started, for the caller to let it finish. */
export const gated = scriptedAgent(new ApprovalToolNode([gatedDeploy], { interruptOn: { deploy: true } }), script, false).graph;

/** An agent that asks a question and deploys (unreviewed) in one batch, through the gated `deploy`. */
export const gatedAsking = scriptedAgent(
  new ApprovalToolNode([gatedDeploy, createAskUserQuestionTool()]),
  toolCallingScript([
    { name: "ask_user_question", args: { question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] } },
    { name: "deploy", args: { service: "billing", replicas: 2 } },
  ]),
  false,
).graph;

const agentInside = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: true } }), script, false).graph;
const Summary = Annotation.Root({ request: Annotation<string>(), summary: Annotation<string>() });

/** A graph whose node runs the agent (its approval pauses this graph) and keeps only the agent's last words. */
export const summarising = new StateGraph(Summary)
  .addNode("team", async (state, config) => {
    const { messages } = await agentInside.invoke({ messages: [{ role: "user", content: state.request }] }, config);
    return { summary: String(messages[messages.length - 1]?.content ?? "") };
  })
  .addEdge(START, "team")
  .addEdge("team", END)
  .compile();

/** A graph whose one node is the agent (a subgraph sharing its messages). */
export const team = new StateGraph(MessagesAnnotation).addNode("team", agentInside).addEdge(START, "team").addEdge("team", END).compile();
