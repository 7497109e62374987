import { Command } from "@langchain/langgraph";
import { createAskUserQuestionTool, getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { approvalResponseSchema, questionResponseSchema } from "../../src/payload/response-schema.js";
import { MAX_RESUME_VALUE_COUNT } from "../../src/decisions/value-limits.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import { sampleOf, satisfies } from "../support/json-schema.js";
import type { Adapter, BehaviourCases, SaverFactory } from "./harness.js";

type Raised = { id?: string; value?: unknown; response_schema?: Record<string, unknown> };

async function pausedDeploys(saver: SaverFactory, adapter: Adapter) {
  const deploy = countingTool("deploy");
  const checkpointer = await saver();
  const setup = adapter.approvals([deploy.tool], { interruptOn: { deploy: true } });
  const calls = [
    { name: "deploy", args: { path: "a" }, id: "d1" },
    { name: "deploy", args: { path: "b" }, id: "d2" },
  ];
  const { graph } = adapter.agentGraph(setup, calls, checkpointer);
  const config = newThread("schema");
  const [raised] = interruptsOf(await graph.invoke(ask(), config)) as Raised[];
  return { graph, config, deploy, raised: raised!, rebuilt: () => adapter.agentGraph(setup, calls, checkpointer).graph };
}

/** The interrupts LangGraph's `getState()` lists for the thread's waiting tasks. */
async function storedInterrupts(graph: { getState(config: unknown): Promise<{ tasks: Array<{ interrupts?: unknown[] }> }> }, config: unknown): Promise<Raised[]> {
  return (await graph.getState(config)).tasks.flatMap((task) => (task.interrupts ?? []) as Raised[]);
}

const DECISIONS = [
  [0, "approve"],
  [1, "edit"],
  [2, "reject"],
  [3, "respond"],
] as const;

export const responseSchemaCases: BehaviourCases = (saver, adapter) => {
  describe("our interrupts publish a response_schema (LangGraph's Interrupt.response_schema)", () => {
    test("an approval's __interrupt__ entry and the interrupt stored for its task (read by a fresh graph) carry the schema of the decisions it accepts", async () => {
      const { config, raised, rebuilt } = await pausedDeploys(saver, adapter);
      const expected = approvalResponseSchema(raised.value as ToolApprovalInterruptPayload);
      expect(raised.response_schema).toEqual(expected);
      expect(expected).toMatchObject({ type: "object", required: ["d1", "d2"], additionalProperties: false });
      const [stored] = await storedInterrupts(rebuilt(), config);
      expect(stored).toMatchObject({ id: raised.id, response_schema: expected });
    });

    test.each(DECISIONS)("a value built from the published schema alone (alternative %i, %s, for every call) passes it and is applied by resume()", async (branch, type) => {
      const { graph, config, deploy, raised } = await pausedDeploys(saver, adapter);
      const value = sampleOf(raised.response_schema!, branch);
      expect(satisfies(raised.response_schema!, value)).toBe(true);
      const result = await resume(graph, config, value as never, { interruptId: raised.id! });
      expect(result.status).toBe("applied");
      const messages = toolMessages(result.values);
      expect(messages.map((message) => message.additional_kwargs["hitl"])).toEqual([expect.objectContaining({ decision: type }), expect.objectContaining({ decision: type })]);
      expect(deploy.count).toBe(type === "approve" || type === "edit" ? 2 : 0);
    });

    test("a refused value raises the approval again with the same schema; so does a value over the limits, raised in place under the same id", async () => {
      const { graph, config, raised } = await pausedDeploys(saver, adapter);
      const expected = raised.response_schema;
      await graph.invoke(new Command({ resume: { [raised.id!]: [{ type: "nonsense" }] } }), config);
      const [again] = await storedInterrupts(graph, config);
      expect(again?.id).not.toBe(raised.id);
      expect(again).toMatchObject({ value: { error: { code: "INVALID_DECISION" } }, response_schema: expected });

      const oversized = Array.from({ length: MAX_RESUME_VALUE_COUNT + 1 }, (_, index) => index);
      await graph.invoke(new Command({ resume: { [again!.id!]: { d1: { type: "edit", updatedInput: { path: oversized } }, d2: { type: "approve" } } } }), config).catch(() => undefined);
      const [inPlace] = await storedInterrupts(graph, config);
      expect(inPlace).toMatchObject({ id: again!.id, response_schema: expected });
      expect((inPlace?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_DECISION");
    }, 90_000);

    test("a question the model asks through the tool publishes the schema of its answer, and a value built from it answers the question", async () => {
      const question = { question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] };
      const { graph } = adapter.agentGraph(adapter.approvals([createAskUserQuestionTool()], {}), [{ name: "ask_user_question", args: question, id: "q1" }], await saver());
      const config = newThread("schema-q");
      const [raised] = interruptsOf(await graph.invoke(ask(), config)) as Raised[];
      const pending = (await getInterrupt(graph, config))!;
      expect(raised?.response_schema).toEqual(questionResponseSchema(pending.payload as never));
      const value = sampleOf(raised!.response_schema!);
      expect(value).toEqual({ answer: "x" });
      const result = await resume(graph, config, value as never, { interruptId: pending.interruptId });
      expect(result.status).toBe("answered");
      expect(toolMessages(result.values).map((message) => message.content)).toEqual(["x"]);
    });
  });
};
