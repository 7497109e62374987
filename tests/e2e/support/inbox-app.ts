import { HumanMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition, type ToolNode } from "@langchain/langgraph/prebuilt";
import type { Script } from "../../../examples/support/scripted-chat-model.js";
import { createApprovalHandler, type AuthResult } from "../../../src/http/index.js";
import { createMemoryCheckpointer, type HitlGraph, type Reviewer } from "../../../src/index.js";
import { serveOnLoopback } from "../../http/server.js";
import { ScriptedChatModel, newThread, toolCallingScript, type PlannedCall } from "../../support/fixtures.js";

/** The reviewers the test server knows, by the value of their `reviewer` cookie. */
export const REVIEWERS: Record<string, Reviewer> = {
  alice: { id: "u-alice", name: "Alice" },
  bob: { id: "u-bob", name: "Bob" },
};

function authenticate(request: Request): AuthResult {
  const match = /(?:^|;\s*)reviewer=([^;]+)/.exec(request.headers.get("cookie") ?? "");
  return REVIEWERS[match?.[1] ?? ""] ?? { status: 401, message: "no reviewer cookie" };
}

/** A graph served with the approval handler under `/approvals`, over real HTTP on loopback. */
export interface InboxServer {
  /** The inbox page's URL. */
  url: string;
  /** Calls a JSON route as `reviewer` (from Node, behind the page's back). */
  api(path: string, init?: RequestInit, reviewer?: string): Promise<Response>;
  close(): Promise<void>;
}

/** Serves `graph` (compiled on a checkpointer that keeps an approvals inbox). */
export async function serveGraph(graph: HitlGraph): Promise<InboxServer> {
  const server = await serveOnLoopback(createApprovalHandler({ graph, authenticate, basePath: "/approvals" }));
  const url = `${server.url}/approvals`;
  return {
    url,
    api: (path, init = {}, reviewer = "alice") =>
      fetch(`${url}${path}`, { ...init, headers: { cookie: `reviewer=${reviewer}`, "content-type": "application/json", ...(init.headers ?? {}) } }),
    close: server.close,
  };
}

/** An agent graph (model → tools → model) on a fresh in-memory checkpointer with an approvals inbox. */
export function agentOn(toolNode: ToolNode, calls: PlannedCall[] | Script) {
  const model = new ScriptedChatModel(typeof calls === "function" ? calls : toolCallingScript(calls));
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", toolNode)
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer: createMemoryCheckpointer() });
}

/** Starts a run with the person's `text` on `threadId` (default: a fresh thread); it pauses for review. */
export async function startRun(graph: HitlGraph, text = "please do it", threadId?: string): Promise<{ configurable: { thread_id: string } }> {
  const config = threadId === undefined ? newThread("e2e") : { configurable: { thread_id: threadId } };
  await graph.invoke({ messages: [new HumanMessage(text)] }, config);
  return config;
}
