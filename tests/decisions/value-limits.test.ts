import { ApprovalToolNode, createAskUserQuestionTool, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { MAX_RESUME_VALUE_COUNT, MAX_RESUME_VALUE_DEPTH } from "../../src/decisions/value-limits.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

async function pausedApproval() {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "a" }, id: "d" }]);
  const config = newThread();
  await graph.invoke(ask(), config);
  return { graph, config, deploy, interruptId: (await getInterrupt(graph, config))!.interruptId };
}

describe("resume values are bounded before they are validated", () => {
  test.each([
    ["nested deeper than the limit", () => [{ type: "edit", updatedInput: { path: nested(MAX_RESUME_VALUE_DEPTH, "x") } }]],
    ["nested 500 000 levels deep", () => nested(500_000, { type: "approve" })],
    ["holding too many values", () => [{ type: "edit", updatedInput: { path: "x", list: Array.from({ length: MAX_RESUME_VALUE_COUNT }, (_, index) => index) } }]],
  ])("decisions %s are INVALID_DECISION with a short detail; nothing ran and the approval stays pending", async (_label, decisions) => {
    const { graph, config, deploy, interruptId } = await pausedApproval();
    const error = await resume(graph, config, decisions() as never, { interruptId }).catch((caught: unknown) => caught);
    expect(isHITLError(error, "INVALID_DECISION")).toBe(true);
    expect(JSON.stringify(error).length).toBeLessThan(1_000);
    expect(deploy.count).toBe(0);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
  });

  test("decisions within the limits still apply", async () => {
    const { graph, config, deploy, interruptId } = await pausedApproval();
    await resume(graph, config, [{ type: "approve" }], { interruptId });
    expect(deploy.count).toBe(1);
  });

  test("an answer nested deeper than the limit is INVALID_ANSWER; the question stays pending", async () => {
    const { graph } = agentGraph(new ApprovalToolNode([createAskUserQuestionTool()]), [{ name: "ask_user_question", args: { question: "Which region?" }, id: "q" }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const { interruptId } = (await getInterrupt(graph, config))!;
    const error = await resume(graph, config, { answer: nested(MAX_RESUME_VALUE_DEPTH + 1, "eu") } as never, { interruptId }).catch((caught: unknown) => caught);
    expect(isHITLError(error, "INVALID_ANSWER")).toBe(true);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
  });
});
