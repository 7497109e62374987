import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

test("smoke: pause then approve", async () => {
  const safe = countingTool("read_file");
  const danger = countingTool("delete_file");
  const node = new ApprovalToolNode([safe.tool, danger.tool], { interruptOn: { delete_file: true } });
  const { graph } = agentGraph(node, [
    { name: "read_file", args: { path: "a" } },
    { name: "delete_file", args: { path: "b" } },
  ]);
  const config = newThread();
  const first = await graph.invoke(ask(), config);
  console.log(JSON.stringify(first.__interrupt__, null, 1));
  expect(safe.count).toBe(0);
  const pending = await getInterrupt(graph, config);
  expect(pending?.payload.type).toBe("tool_approval");
  const result = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
  console.log(toolMessages(result.values).map((m) => [m.tool_call_id, m.status, m.content, JSON.stringify(m.additional_kwargs)]));
  expect(safe.count).toBe(1);
  expect(danger.count).toBe(1);
});
