import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { agentGraph, ask, newThread } from "../support/fixtures.js";

test("an approved tool receives its tool_call_id as a stable idempotency key (runtime.toolCallId and config.toolCall.id)", async () => {
  const keys: Array<[unknown, unknown]> = [];
  const charge = tool(
    async (_input, runtime) => {
      const view = runtime as { toolCallId?: unknown; toolCall?: { id?: unknown } };
      keys.push([view.toolCallId, view.toolCall?.id]);
      return "charged";
    },
    { name: "charge", description: "charges", schema: z.object({}) },
  );
  const { graph } = agentGraph(new ApprovalToolNode([charge], { interruptOn: { charge: true } }), [{ name: "charge", args: {}, id: "call_charge_7" }]);
  const config = newThread();
  await graph.invoke(ask(), config);
  await resume(graph, config, [{ type: "approve" }], { interruptId: (await getInterrupt(graph, config))!.interruptId });
  expect(keys).toEqual([["call_charge_7", "call_charge_7"]]);
});
