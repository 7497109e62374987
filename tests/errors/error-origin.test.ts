import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt, HITLError, isHITLError, resume } from "../../src/index.js";
import { isDatabaseUnavailable } from "../../src/errors/database-unavailable.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { MemoryClaimStore } from "../../src/claims/memory-claim-store.js";
import { thrownByTask } from "../../src/langgraph/index.js";
import { agentGraph, ask, newThread } from "../support/fixtures.js";

/** What a driver throws when nothing listens on its server's port. */
const connectionRefused = (): Error => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** A reporting tool whose own database is down: its error reads exactly like ours would. */
function failingReportTool(thrown: Error[]) {
  return tool(
    async () => {
      const error = connectionRefused();
      thrown.push(error);
      throw error;
    },
    { name: "report", description: "queries the reporting database", schema: z.object({ q: z.string() }) },
  );
}

async function pausedReport(checkpointer: MemorySaver, thrown: Error[]) {
  const node = new ApprovalToolNode([failingReportTool(thrown)], { interruptOn: { report: true }, handleToolErrors: false });
  const { graph } = agentGraph(node, [{ name: "report", args: { q: "sales" }, id: "r1" }], checkpointer);
  const config = newThread("origin");
  await graph.invoke(ask(), config);
  return { graph, config, pending: (await getInterrupt(graph, config))! };
}

describe("errors are classified by where they came from", () => {
  test("a tool's own ECONNREFUSED (handleToolErrors: false) is rethrown by resume() as that very error, not DATABASE_UNAVAILABLE", async () => {
    const thrown: Error[] = [];
    const { graph, config, pending } = await pausedReport(new MemorySaver(), thrown);
    const error = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId }).catch((e: unknown) => e);
    expect(thrown).toHaveLength(1);
    expect(error).toBe(thrown[0]);
    expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(false);
  });

  test("the approval handler answers a tool's own ECONNREFUSED as an internal error, not 503 DATABASE_UNAVAILABLE", async () => {
    const thrown: Error[] = [];
    const { graph, config, pending } = await pausedReport(createMemoryCheckpointer(), thrown);
    const handler = createApprovalHandler({ graph, authenticate: () => ({ id: "ops" }) });
    const response = await handler(
      new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ interruptId: pending.interruptId, decisions: [{ type: "approve" }] }),
      }),
    );
    expect(thrown).toHaveLength(1);
    expect(response.status).toBe(500);
    expect(await response.json()).not.toMatchObject({ code: "DATABASE_UNAVAILABLE" });
  });

  test("a claim store that cannot reach its database is reported as DATABASE_UNAVAILABLE by the node itself, where it failed", async () => {
    class UnreachableClaims extends MemorySaver {
      readonly claimStore = Object.assign(new MemoryClaimStore(), {
        acquire: async (): Promise<never> => {
          throw connectionRefused();
        },
      });
    }
    const ran: string[] = [];
    const report = tool(async () => (ran.push("report"), "42"), { name: "report", description: "reports", schema: z.object({ q: z.string() }) });
    const { graph } = agentGraph(new ApprovalToolNode([report], { interruptOn: { report: true } }), [{ name: "report", args: { q: "sales" }, id: "r1" }], new UnreachableClaims());
    const config = newThread("claims-down");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt(graph, config))!;
    const error = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId }).catch((e: unknown) => e);
    expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(true);
    expect((error as Error).cause).toMatchObject({ code: "ECONNREFUSED" });
    expect(thrownByTask(error)).toBe(true);
    expect(ran).toEqual([]);
  });

  test("isDatabaseUnavailable: a node's own error is the node's, a DATABASE_UNAVAILABLE the node raised is the database's", () => {
    const fromNode = Object.assign(connectionRefused(), { pregelTaskId: "task-1" });
    expect(isDatabaseUnavailable(fromNode)).toBe(false);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: fromNode }))).toBe(false);
    expect(isDatabaseUnavailable(connectionRefused())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new HITLError("DATABASE_UNAVAILABLE", "claims unreachable"), { pregelTaskId: "task-1" }))).toBe(true);
  });
});
