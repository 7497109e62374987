// A real LangGraph Agent Server (`langgraphjs dev`, in memory, on 127.0.0.1) for the host-helper
// tests, started once per test file by `useDeployedAgent()`. It serves
// examples/remote-server/agent.ts, whose `deploy` tool appends a line to a counter file per
// execution, so executions in the server's process can be counted from here.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { startLocalAgentServer, type LocalAgentServer } from "../../examples/support/agent-server.js";

// Set by useDeployedAgent()'s beforeAll; read by the tests after it (live bindings).
export let server: LocalAgentServer;
export let client: Client;
/** The `agent` graph (an ApprovalToolNode over `deploy`) as a RemoteGraph. */
export let remote: RemoteGraph;
let scratch = "";
let counterFile = "";

/** Starts the server before the file's tests and stops it after them. */
export function useDeployedAgent(): void {
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "hitl-remote-test-"));
    counterFile = join(scratch, "deploys.log");
    await writeFile(counterFile, "");
    server = await startLocalAgentServer({ counterFile });
    client = new Client({ apiUrl: server.url });
    remote = new RemoteGraph({ graphId: server.graphId, client });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await rm(scratch, { recursive: true, force: true });
  });
}

/** How many times the server's `deploy` tools have run, across its graphs. */
export async function executions(): Promise<number> {
  return (await readFile(counterFile, "utf8")).split("\n").filter((line) => line.length > 0).length;
}

/** Pauses a new thread through the SDK client, the way a backend service or agent-chat-ui starts a run. */
export async function pausedThread(graphId = server.graphId) {
  const thread = await client.threads.create();
  await client.runs.wait(thread.thread_id, graphId, { input: { messages: [{ role: "user", content: "deploy billing" }] } });
  return { threadId: thread.thread_id, config: { configurable: { thread_id: thread.thread_id } } };
}

/** Every chunk of a stream. */
export async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** A ToolMessage as the server's JSON. */
export type ToolMessageJson = { type: string; status?: string; content: unknown; additional_kwargs?: { hitl?: Record<string, unknown> } };

/** The ToolMessages of a RemoteGraph's values. */
export function toolMessagesOf(values: unknown): ToolMessageJson[] {
  return ((values as { messages?: ToolMessageJson[] }).messages ?? []).filter((message) => message.type === "tool");
}

/** Waits until the `gated` graph's `deploy` has started on the thread (it then waits for {@link releaseGated}). */
export async function gatedStarted(threadId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await readFile(`${counterFile}.started`, "utf8").catch(() => "")).split("\n").includes(threadId)) {
    if (Date.now() > deadline) throw new Error(`the gated deploy never started on ${threadId}`);
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

/** Lets the `gated` graph's `deploy` on the thread finish. */
export async function releaseGated(threadId: string): Promise<void> {
  await writeFile(`${counterFile}.release.${threadId}`, "");
}
