import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

/**
 * An agent whose one `deploy` call waits for approval, on an in-memory checkpointer with an
 * approvals inbox; `deploy.count` says whether the tool ever ran.
 */
export function pausedDeployAgent(prefix: string) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
  const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], createMemoryCheckpointer());

  /** Starts a run on a fresh thread; it pauses for review of `deploy`. */
  async function pausedThread() {
    const config = newThread(prefix);
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    return { threadId: config.configurable.thread_id, interruptId: pending!.interruptId, body: JSON.stringify({ interruptId: pending!.interruptId, decisions: [{ type: "approve" }] }) };
  }

  /** The interrupt still pending on `threadId`, if any. */
  function pendingOn(threadId: string) {
    return getInterrupt(graph, { configurable: { thread_id: threadId } });
  }

  return { graph, deploy, pausedThread, pendingOn };
}
