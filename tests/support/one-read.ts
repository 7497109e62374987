import { Command, type BaseCheckpointSaver } from "@langchain/langgraph";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { getInterrupt, resume } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { middlewareAdapter, nodeAdapter, type Adapter } from "../behaviour/harness.js";
import { ask, newThread } from "./fixtures.js";

/** A resume through the library, through the HTTP handler, or with a raw `Command` (no read of ours before the run). */
export type ResumeRoute = "resume()" | "HTTP" | "raw Command";

/** The two adapters, by name, for `test.each`. */
export const ADAPTERS: ReadonlyArray<[string, Adapter]> = [
  ["ApprovalToolNode", nodeAdapter],
  ["createAgent + approvalMiddleware", middlewareAdapter],
];

/** Every adapter × route, for `test.each`. */
export const READ_CASES: ReadonlyArray<[string, ResumeRoute, Adapter]> = ADAPTERS.flatMap(([name, adapter]) => [
  [name, "resume()", adapter] as [string, ResumeRoute, Adapter],
  [name, "HTTP", adapter] as [string, ResumeRoute, Adapter],
]);

/**
 * A thread paused on `calls` approvals, and a function that approves them the given way. The tool
 * records each run, so a test can tell the resume went through.
 *
 * @example
 * ```ts
 * const { approve, runs } = await pausedForReads(nodeAdapter, saver, 2);
 * await approve("HTTP");
 * ```
 */
export async function pausedForReads(adapter: Adapter, saver: BaseCheckpointSaver, calls: number) {
  const runs: number[] = [];
  const lookup = tool(async ({ n }) => {
    runs.push(n);
    return `result ${n}`;
  }, { name: "lookup", description: "looks something up", schema: z.object({ n: z.number() }) });
  const setup = adapter.approvals([lookup], { interruptOn: { lookup: true } });
  const planned = Array.from({ length: calls }, (_, n) => ({ name: "lookup", args: { n }, id: `call_${n}` }));
  const { graph } = adapter.agentGraph(setup, planned, saver);
  const config = newThread("one-read");
  await graph.invoke(ask(), config);
  const { interruptId } = (await getInterrupt(graph, config))!;
  const decisions = planned.map(() => ({ type: "approve" as const }));
  const approve = async (route: ResumeRoute): Promise<string> => {
    if (route === "resume()") return (await resume(graph, config, decisions, { interruptId })).status;
    if (route === "raw Command") {
      await graph.invoke(new Command({ resume: { [interruptId]: decisions } }), config);
      return "sent";
    }
    const request = new Request(`http://localhost/threads/${config.configurable.thread_id}/resume`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ interruptId, decisions }),
    });
    const response = await createApprovalHandler({ graph, authenticate: () => ({ id: "u-1" }), page: false })(request);
    const body = (await response.json()) as { submission?: string; outcomes?: unknown[] };
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
    return `${body.submission} ${body.outcomes?.length}`;
  };
  return { approve, runs };
}
