import { HumanMessage } from "@langchain/core/messages";
import type { ToolNode } from "@langchain/langgraph/prebuilt";
import { scriptedAgent } from "../../../examples/support/agent-graph.js";
import type { Script } from "../../../examples/support/scripted-chat-model.js";
import { createApprovalHandler, type AuthResult } from "../../../src/http/index.js";
import { createMemoryCheckpointer, type HITLGraph, type Reviewer } from "../../../src/index.js";
import type { Browser } from "playwright-core";
import { serveOnLoopback } from "../../http/server.js";
import { launchChromium, openInbox, type InboxTab } from "./browser.js";
import { newThread, toolCallingScript, type PlannedCall } from "../../support/fixtures.js";

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
export async function serveGraph(graph: HITLGraph): Promise<InboxServer> {
  // No sweeper: the pages' expiry tests submit late, or expire by hand, at moments they choose.
  const handler = createApprovalHandler({ graph, authenticate, basePath: "/approvals", expirySweeper: false });
  const server = await serveOnLoopback(handler);
  const url = `${server.url}/approvals`;
  return {
    url,
    api: (path, init = {}, reviewer = "alice") =>
      fetch(`${url}${path}`, { ...init, headers: { cookie: `reviewer=${reviewer}`, "content-type": "application/json", ...(init.headers ?? {}) } }),
    close: async () => {
      // Open event streams would keep server.close() waiting.
      await handler.close();
      await server.close();
    },
  };
}

/** An agent graph (model → tools → model) on a fresh in-memory checkpointer with an approvals inbox. */
export function agentOn(toolNode: ToolNode, calls: PlannedCall[] | Script) {
  return scriptedAgent(toolNode, typeof calls === "function" ? calls : toolCallingScript(calls), createMemoryCheckpointer()).graph;
}

/** Starts a run with the person's `text` on `threadId` (default: a fresh thread); it pauses for review. */
export async function startRun(graph: HITLGraph, text = "please do it", threadId?: string): Promise<{ configurable: { thread_id: string } }> {
  const config = threadId === undefined ? newThread("e2e") : { configurable: { thread_id: threadId } };
  await graph.invoke({ messages: [new HumanMessage(text)] }, config);
  return config;
}

/** A browser and an inbox server for one test file, started before its tests and closed after. */
export interface InboxSession {
  readonly server: InboxServer;
  /** Opens the inbox page in a fresh browser context, as `reviewer`. */
  open(reviewer?: string): Promise<InboxTab>;
}

/**
 * Serves `graph`'s inbox and launches Chromium for the tests of one file.
 *
 * @example
 * ```ts
 * const session = useInboxSession(graph);
 * test("…", async () => { const { page } = await session.open(); });
 * ```
 */
export function useInboxSession(graph: HITLGraph): InboxSession {
  let browser: Browser | undefined;
  let server: InboxServer | undefined;
  beforeAll(async () => {
    // The browser first: when it cannot start, no server is left open to keep Jest from exiting.
    browser = await launchChromium();
    server = await serveGraph(graph);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (server === undefined) throw new Error("the inbox server starts in beforeAll");
      return server;
    },
    open(reviewer) {
      if (browser === undefined || server === undefined) throw new Error("the browser starts in beforeAll");
      return openInbox(browser, server.url, reviewer);
    },
  };
}
