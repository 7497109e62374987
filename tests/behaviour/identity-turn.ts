// The turn the tool_call_id cases share: a deletion that needs approval and a read that is
// allowed, under the ids a case gives, paused (or not) on the case's checkpointer and adapter.
import type { ToolMessage } from "@langchain/core/messages";
import { getInterrupt, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, newThread, type PlannedCall } from "../support/fixtures.js";
import type { Adapter, SaverFactory } from "./harness.js";

/** A call with an id of its own that needs approval. */
export const SIBLING: PlannedCall = { name: "delete_file", args: { path: "/tmp/unique" }, id: "u1" };

/** Runs one model turn with `calls` on the case's checkpointer and adapter: what ran, what it answered, and what it waits on. */
export async function turn(saver: SaverFactory, adapter: Adapter, calls: PlannedCall[]) {
  const deleteFile = countingTool("delete_file");
  const readFile = countingTool("read_file");
  const setup = adapter.approvals([deleteFile.tool, readFile.tool], { interruptOn: { delete_file: true } });
  const { graph } = adapter.agentGraph(setup, calls, await saver());
  const config = newThread("ids");
  const first = await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { graph, config, deleteFile, readFile, first, pending };
}

/** What each ToolMessage of the turn says: its call id, status and the approval layer's source. */
export function answers(messages: readonly ToolMessage[]): Array<[string, string | undefined, unknown]> {
  return messages.map((message) => [message.tool_call_id, message.status, (message.additional_kwargs["hitl"] as { source?: unknown } | undefined)?.source]);
}
