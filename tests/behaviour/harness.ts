import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { ApprovalToolNode, type ApprovalNodeTool, type ApprovalToolNodeOptions } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { agentGraph, ScriptedChatModel, toolCallingScript, type PlannedCall } from "../support/fixtures.js";

/** Makes a fresh checkpointer for one test; the behaviour suite runs once per implementation. */
export type SaverFactory = () => BaseCheckpointSaver | Promise<BaseCheckpointSaver>;

/** The tools and approval options of one test, before an adapter wires them into an agent. */
export interface ApprovalSetup {
  tools: ApprovalNodeTool[];
  options: ApprovalToolNodeOptions | undefined;
}

/** The graph a node adapter builds: what every case drives (invoke, state, resume). */
export type AgentGraph = ReturnType<typeof agentGraph>["graph"];

/**
 * One way of putting the approval core into an agent: `ApprovalToolNode` in a hand-built
 * `StateGraph`, or `createAgent` with `approvalMiddleware`. Both run the same scripted model.
 */
export interface Adapter {
  kind: "node" | "middleware";
  /** Collects the tools and options (as `new ApprovalToolNode(tools, options)` takes them). */
  approvals(tools: ApprovalNodeTool[], options?: ApprovalToolNodeOptions): ApprovalSetup;
  /** An agent that calls `calls` in one turn, then answers with the tool results. */
  agentGraph(setup: ApprovalSetup, calls: PlannedCall[], checkpointer: BaseCheckpointSaver): { graph: AgentGraph; model: ScriptedChatModel };
}

/** A behaviour case file: registers its tests against whichever checkpointer and adapter the suite gives it. */
export type BehaviourCases = (saver: SaverFactory, adapter: Adapter) => void;

export const nodeAdapter: Adapter = {
  kind: "node",
  approvals: (tools, options) => ({ tools, options }),
  agentGraph: (setup, calls, checkpointer) => agentGraph(new ApprovalToolNode(setup.tools, setup.options), calls, checkpointer),
};

export const middlewareAdapter: Adapter = {
  kind: "middleware",
  approvals: (tools, options) => ({ tools, options }),
  agentGraph: (setup, calls, checkpointer) => {
    const model = new ScriptedChatModel(toolCallingScript(calls));
    // The suite states one wording for both adapters (ours); the middleware's default (LangChain's) is tested in tests/langchain.
    const agent = createAgent({ model, tools: setup.tools as never, middleware: [approvalMiddleware({ reviewMessages: "langgraph-hitl", ...setup.options })], checkpointer });
    return { graph: agent as unknown as AgentGraph, model };
  },
};

/** `test` where the behaviour exists for this adapter; skipped (and so reported) where it does not. */
export function testWhere(adapter: Adapter, kinds: ReadonlyArray<Adapter["kind"]>): jest.It {
  return kinds.includes(adapter.kind) ? test : test.skip;
}
