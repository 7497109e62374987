/**
 * A graph deployed on LangGraph Agent Server, reviewed from another process: this demo starts a
 * local Agent Server (`langgraphjs dev`, in memory, on 127.0.0.1) serving
 * examples/remote-server/agent.ts, starts a run that pauses for approval through `RemoteGraph`,
 * checks a bad edit locally against the payload's `args_schema`, then resumes with LangChain's
 * `{ decisions }` format (what agent-chat-ui sends) through `resumeRemote`.
 *
 *   npm run demo:remote
 */
import { RemoteGraph } from "@langchain/langgraph/remote";
import { formatInterrupt, getInterrupt, isHITLError, isToolApprovalInterrupt, resumeRemote, start } from "../src/index.js";
import { startLocalAgentServer } from "./support/agent-server.js";


type MessageJson = { type: string; name?: string; status?: string; content: unknown; additional_kwargs?: { hitl?: unknown } };

async function main(): Promise<void> {
  console.log("Starting a local LangGraph Agent Server…");
  const server = await startLocalAgentServer();
  try {
    console.log(`Agent Server on ${server.url}, graph "${server.graphId}"`);
    const graph = new RemoteGraph({ graphId: server.graphId, url: server.url });
    const config = { configurable: { thread_id: crypto.randomUUID() } };

    const started = await start(graph, { messages: [{ role: "user", content: "Deploy billing." }] }, config);
    const pending = started.interrupt ?? (await getInterrupt(graph, config));
    if (pending === undefined || !isToolApprovalInterrupt(pending.payload)) throw new Error("the deployed graph did not pause for approval");
    console.log(`\n⏸  The agent paused. ${formatInterrupt(pending.payload)}`);
    console.log(`     schema:    ${JSON.stringify(pending.payload.review_configs[0]?.args_schema)}`);

    const edit = (replicas: string) => ({ decisions: [{ type: "edit" as const, edited_action: { name: "deploy", args: { service: "billing", replicas } } }] });
    const badEdit = edit("0");
    console.log(`\nTrying ${JSON.stringify(badEdit)} (0 replicas: the schema needs at least 1)…`);
    try {
      await resumeRemote(graph, config, badEdit, { interruptId: pending.interruptId });
    } catch (error) {
      if (!isHITLError(error)) throw error;
      console.log(`\n✗ refused before anything was sent: ${error.code}: ${error.details[0]?.message ?? error.message}`);
    }

    const value = edit("3");
    console.log(`\nResuming with ${JSON.stringify(value)} (replicas as a string, as agent-chat-ui sends it)…`);
    const outcome = await resumeRemote(graph, config, value, { interruptId: pending.interruptId, reviewer: { id: "demo-user", name: "Demo" } });
    const messages = ((outcome.values as { messages?: MessageJson[] }).messages ?? []);
    for (const message of messages.filter((candidate) => candidate.type === "tool")) {
      console.log(`  ${message.status === "error" ? "✗" : "✓"} ${message.name}: ${String(message.content)}`);
      console.log(`    audit: ${JSON.stringify(message.additional_kwargs?.hitl)}`);
    }
    console.log(`\nFinal answer: ${String(messages.at(-1)?.content)}\n`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
