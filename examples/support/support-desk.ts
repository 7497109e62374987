import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool } from "../../src/index.js";
import { scriptedAgent } from "./agent-graph.js";
import { toolCallingScript, type PlannedCall, type Script } from "./scripted-chat-model.js";

/** What each tool of the desk did, in order: the proof that a decision was applied once. */
export const executions: Array<{ tool: string; args: Record<string, unknown> }> = [];

const refundPayment = tool(
  async (args) => {
    executions.push({ tool: "refund_payment", args });
    return `Refunded ${args.amount} ${args.currency} on order ${args.orderId}.`;
  },
  {
    name: "refund_payment",
    description: "Refund an order",
    schema: z.object({ orderId: z.string().regex(/^A-\d+$/, "an order id looks like A-10293"), amount: z.number().positive().max(5000), currency: z.enum(["EUR", "USD"]) }),
  },
);

const sendEmail = tool(
  async (args) => {
    executions.push({ tool: "send_email", args });
    return `Email "${args.subject}" sent to ${args.to}.`;
  },
  {
    name: "send_email",
    description: "Email a customer",
    schema: z.object({ to: z.email(), subject: z.string().min(1), body: z.string().min(1) }),
  },
);

const deploy = tool(
  async (args) => {
    executions.push({ tool: "deploy", args });
    return `Deployed ${args.service} ${args.version} to ${args.environment}.`;
  },
  {
    name: "deploy",
    description: "Deploy a release",
    schema: z.object({ service: z.string(), version: z.string(), environment: z.enum(["staging", "production"]) }),
  },
);

const EMAIL_BODY = `Dear Ms Okafor,

We are sorry that your order A-10293 arrived damaged. We have refunded the full amount of €129.00 to the card you paid with; it should appear on your statement within 3 to 5 business days.

There is no need to send the parcel back. If there is anything else we can do, just reply to this email.

Kind regards,
Sam from the support team`;

const REFUND_CALLS: PlannedCall[] = [
  { name: "refund_payment", args: { orderId: "A-10293", amount: 129, currency: "EUR" } },
  { name: "send_email", args: { to: "n.okafor@example.com", subject: "Your refund for order A-10293", body: EMAIL_BODY } },
];

const RELEASE_QUESTION = {
  question: "Which environment should I deploy release 2.14.0 to?",
  description: "CI passed on main an hour ago. Staging still runs 2.13.2.",
  options: [
    { label: "Staging", value: "staging" },
    { label: "Production", value: "production" },
  ],
};

/** The person's requests the desk understands; anything else gets the refund script. */
export const SAMPLE_REQUESTS = {
  refund: "Order A-10293 arrived damaged: refund it and let the customer know.",
  release: "Ship release 2.14.0 of billing-api.",
} as const;

function firstRequest(messages: BaseMessage[]): string {
  const first = messages.find((message) => message.getType() === "human");
  return typeof first?.content === "string" ? first.content : "";
}

function toolResult(messages: BaseMessage[], name: string): BaseMessage | undefined {
  return messages.find((message) => message.getType() === "tool" && message.name === name);
}

function callTool(name: string, args: Record<string, unknown>, id: string): AIMessage {
  return new AIMessage({ content: "", tool_calls: [{ name, args, id, type: "tool_call" }] });
}

// A release first asks where to deploy; once answered, the model deploys there (which needs approval too).
function releaseScript(messages: BaseMessage[]): AIMessage {
  const answer = toolResult(messages, "ask_user_question");
  if (answer === undefined) return callTool("ask_user_question", RELEASE_QUESTION, "call_ask");
  const deployed = toolResult(messages, "deploy");
  if (deployed !== undefined) return new AIMessage(String(deployed.content));
  return callTool("deploy", { service: "billing-api", version: "2.14.0", environment: String(answer.content) === "production" ? "production" : "staging" }, "call_deploy");
}

/**
 * The model of the support desk: scripted (no network, no key), it answers a refund request with
 * a refund and an email in one batch, and a release request with a question, then a deploy.
 *
 * @example
 * ```ts
 * const model = new ScriptedChatModel(supportDeskScript);
 * ```
 */
export const supportDeskScript: Script = (messages) =>
  /release|deploy/i.test(firstRequest(messages)) ? releaseScript(messages) : toolCallingScript(REFUND_CALLS, (results) => `Done. ${results.join(" ")}`)(messages);

/**
 * The tool node: refunds and emails need a person, a deploy needs one too, and the model may ask questions.
 *
 * @example
 * ```ts
 * builder.addNode("tools", supportDeskTools());
 * ```
 */
export function supportDeskTools(): ApprovalToolNode {
  return new ApprovalToolNode([refundPayment, sendEmail, deploy, createAskUserQuestionTool()], {
    interruptOn: {
      refund_payment: { description: "Refunds need a person's approval.", allowedDecisions: ["approve", "edit", "reject"] },
      send_email: { description: "This email goes to a customer: check the recipient and the wording." },
      deploy: { description: "Deploys change what customers run.", allowedDecisions: ["approve", "reject"] },
    },
  });
}

/**
 * The support-desk agent: model → tools → model, compiled on `checkpointer` (which must keep
 * an approvals inbox for the reviewer page: createMemoryCheckpointer or createPostgresCheckpointer).
 *
 * @example
 * ```ts
 * const graph = supportDeskGraph(createMemoryCheckpointer());
 * await graph.invoke({ messages: [new HumanMessage(SAMPLE_REQUESTS.refund)] }, { configurable: { thread_id: "t1" } });
 * ```
 */
export function supportDeskGraph(checkpointer: BaseCheckpointSaver) {
  return scriptedAgent(supportDeskTools(), supportDeskScript, checkpointer).graph;
}
