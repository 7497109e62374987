import { ApprovalToolNode, createAskUserQuestionTool, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { assertWithinLimits, MAX_RESUME_VALUE_COUNT, MAX_RESUME_VALUE_DEPTH } from "../../src/decisions/value-limits.js";
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

describe("the limit check is safe on hostile values", () => {
  /** An array that counts how many of its entries are read. */
  function countingArray(length: number): { array: unknown[]; reads: () => number } {
    let reads = 0;
    const array = new Proxy(new Array<number>(length).fill(0), {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { array, reads: () => reads };
  }

  test("a 5 000 000-entry array is refused after reading about as many entries as the limit allows", () => {
    const { array, reads } = countingArray(5_000_000);
    expect(() => assertWithinLimits(array, "INVALID_ANSWER")).toThrow(expect.objectContaining({ code: "INVALID_ANSWER" }));
    expect(reads()).toBeLessThanOrEqual(MAX_RESUME_VALUE_COUNT + 1);
  });

  test("the refusal names what is allowed and stays short", () => {
    let caught: unknown;
    try {
      assertWithinLimits(nested(200_000, "x"), "INVALID_DECISION");
    } catch (error) {
      caught = error;
    }
    expect(isHITLError(caught, "INVALID_DECISION") && caught.details[0]?.allowed).toEqual([`at most ${MAX_RESUME_VALUE_DEPTH} levels`, `at most ${MAX_RESUME_VALUE_COUNT} values`]);
  });
});

describe("where the limits fall", () => {
  const within = (value: unknown) => () => assertWithinLimits(value, "INVALID_ANSWER");
  const refused = expect.objectContaining({ code: "INVALID_ANSWER" });

  test("a value exactly as deep as the limit passes; one level more is refused", () => {
    expect(within(nested(MAX_RESUME_VALUE_DEPTH, "x"))).not.toThrow();
    expect(within(nested(MAX_RESUME_VALUE_DEPTH + 1, "x"))).toThrow(refused);
    expect(within({ a: nested(MAX_RESUME_VALUE_DEPTH - 1, "x") })).not.toThrow();
    expect(within({ a: nested(MAX_RESUME_VALUE_DEPTH, "x") })).toThrow(refused);
  });

  test("a value holding exactly as many values as the limit passes (the container counts); one more is refused", () => {
    expect(within(new Array<number>(MAX_RESUME_VALUE_COUNT - 1).fill(0))).not.toThrow();
    expect(within(new Array<number>(MAX_RESUME_VALUE_COUNT).fill(0))).toThrow(refused);
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));
    expect(within(keys(MAX_RESUME_VALUE_COUNT - 1))).not.toThrow();
    expect(within(keys(MAX_RESUME_VALUE_COUNT))).toThrow(refused);
  });

  test("a cyclic value is refused, not walked forever", () => {
    const cyclic: Record<string, unknown> = { type: "edit" };
    cyclic["self"] = cyclic;
    expect(within(cyclic)).toThrow(refused);
  });

  test("only an object's own enumerable values count, as JSON would write them", () => {
    const inherited = Object.create({ deep: nested(MAX_RESUME_VALUE_DEPTH + 10, "x") }) as Record<string, unknown>;
    inherited["own"] = 1;
    expect(within(inherited)).not.toThrow();
  });
});
