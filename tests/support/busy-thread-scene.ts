/**
 * An overdue approval whose thread another run holds: a reviewer approved in time, and the
 * approved tool is still running (held by a gate) when the deadline passes. Beside it, a second
 * approval nobody answered. On one checkpointer (in memory) or two replicas on one database.
 */
import { Command, END, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { agentGraph, ask, newThread } from "./fixtures.js";
import { gatedTool, type GatedTool } from "./stream-fixtures.js";

/**
 * Pauses two threads through the `reviewing` checkpointer (`deploy`, due 300 ms after the pause),
 * approves the `held` one (through `resume()`, or a raw `Command`) and waits until its tool has started and both deadlines have passed.
 * The held tool finishes once the test calls `deploy.open(held.configurable.thread_id)`. With
 * `inSubgraph`, the agent runs as a subgraph (node `team`) of a graph that holds the checkpointer.
 *
 * @example
 * ```ts
 * const scene = await overdueBehindABusyThread({ reviewing: saver, sweeping: saver });
 * await scene.onSweeper; // the graph as the sweeping replica runs it
 * ```
 */
export async function overdueBehindABusyThread(
  { reviewing, sweeping }: { reviewing: BaseCheckpointSaver; sweeping: BaseCheckpointSaver },
  { approveWith = "resume()", inSubgraph = false }: { approveWith?: "resume()" | "a raw Command"; inSubgraph?: boolean } = {},
) {
  const deploy: GatedTool = gatedTool("deploy");
  const node = () => new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 300 } } });
  const calls = [{ name: "deploy", args: { path: "app" }, id: "c1" }];
  type AgentGraph = ReturnType<typeof agentGraph>["graph"];
  const graphOn = (checkpointer: BaseCheckpointSaver): AgentGraph => {
    if (!inSubgraph) return agentGraph(node(), calls, checkpointer).graph;
    const team = agentGraph(node(), calls, false).graph;
    // The same messages state and the same invoke, one level up.
    return new StateGraph(MessagesAnnotation).addNode("team", team).addEdge(START, "team").addEdge("team", END).compile({ checkpointer }) as unknown as AgentGraph;
  };
  const onReviewer = graphOn(reviewing);
  const onSweeper = graphOn(sweeping);
  const held = newThread("held");
  const overdue = newThread("overdue");
  await onReviewer.invoke(ask(), held);
  await onReviewer.invoke(ask(), overdue);

  deploy.close(held.configurable.thread_id);
  const pending = await getInterrupt(onReviewer, held);
  const interruptId = pending!.interruptId;
  // A raw Command takes no continuation lease (as on an Agent Server): only the node's claim holds the batch.
  // `status` is resume()'s; a raw Command's run answers the thread's values (no status).
  const approved: Promise<{ status?: string }> =
    approveWith === "resume()"
      ? resume(onReviewer, held, [{ type: "approve" }], { interruptId })
      : onReviewer.invoke(new Command({ resume: { [interruptId]: [{ type: "approve" }] } }), held).then(() => ({}));
  await deploy.started(held.configurable.thread_id);
  await new Promise((wait) => setTimeout(wait, 400));
  return { deploy, onReviewer, onSweeper, held, overdue, approved };
}
