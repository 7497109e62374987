import type { StructuredToolInterface } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import type { ApprovalToolNodeOptions } from "../../../src/core/options.js";
import { approvalMiddleware } from "../../../src/langchain/index.js";
import { ApprovalToolNode } from "../../../src/node/approval-tool-node.js";
import { agentGraph, ScriptedChatModel, toolCallingScript, type PlannedCall } from "../../support/fixtures.js";

/** The graph a test drives, whichever adapter built it. */
export type DrivenGraph = ReturnType<typeof agentGraph>["graph"];

/** Both adapters, each building a real agent (MemorySaver) that calls `calls` in one turn. */
export const adapters: ReadonlyArray<[string, (tools: StructuredToolInterface[], options: ApprovalToolNodeOptions, calls: PlannedCall[]) => DrivenGraph]> = [
  ["ApprovalToolNode", (tools, options, calls) => agentGraph(new ApprovalToolNode(tools, options), calls).graph],
  [
    "approvalMiddleware",
    (tools, options, calls) => {
      const model = new ScriptedChatModel(toolCallingScript(calls));
      return createAgent({ model, tools, middleware: [approvalMiddleware(options)], checkpointer: new MemorySaver() }) as unknown as DrivenGraph;
    },
  ],
];
