import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { createAskUserQuestionTool, getInterrupt, resume, type AskUserQuestionInterruptPayload, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { MAX_RESUME_VALUE_COUNT } from "../../src/decisions/value-limits.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import type { Adapter, BehaviourCases, SaverFactory } from "./harness.js";

/** `levels` nested objects around a leaf. */
function nested(levels: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < levels; level += 1) value = { next: value };
  return value;
}

/** Oversized edits, and whether the checkpointer can still store them. */
const OVERSIZED: Array<[string, () => unknown, boolean]> = [
  // Deep enough to pass no schema check, shallow enough for the checkpointer to store it.
  ["an edit nested 3 000 levels deep", () => nested(3_000), true],
  // LangGraph's checkpointer cannot serialise this: the resume write is lost, the node's is not always.
  ["an edit nested 20 000 levels deep (more than the checkpointer can store)", () => nested(20_000), false],
  ["an edit holding more than 100 000 values", () => Array.from({ length: MAX_RESUME_VALUE_COUNT + 1 }, (_, index) => index), true],
];

/**
 * The code of the refusal the pending interrupt carries. When the checkpointer could not write
 * the value, the raw run fails and some checkpointers (Postgres) drop that run's later writes,
 * the node's refusal included: the same interrupt is then pending as it was, which is as good.
 */
function refusalCode(payload: { error?: { code: string } }, storable: boolean, code: string): string | undefined {
  return storable ? payload.error?.code : (payload.error?.code ?? code);
}

async function pausedStore(saver: SaverFactory, adapter: Adapter) {
  const runs: unknown[] = [];
  const store = tool(async (input) => (runs.push(input), "stored"), { name: "store", description: "stores data", schema: z.object({ data: z.any() }) });
  const { graph } = adapter.agentGraph(adapter.approvals([store], { interruptOn: { store: true } }), [{ name: "store", args: { data: 1 }, id: "s1" }], await saver());
  const config = newThread("bounds");
  await graph.invoke(ask(), config);
  return { graph, config, runs, pending: (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))! };
}

async function pausedQuestion(saver: SaverFactory, adapter: Adapter) {
  const question = { question: "Which environment?" };
  const { graph, model } = adapter.agentGraph(adapter.approvals([createAskUserQuestionTool()], {}), [{ name: "ask_user_question", args: question, id: "q1" }], await saver());
  const config = newThread("bounds-q");
  await graph.invoke(ask(), config);
  return { graph, model, config, pending: (await getInterrupt<AskUserQuestionInterruptPayload>(graph, config))! };
}

export const nodeBoundsCases: BehaviourCases = (saver, adapter) => {
  describe("node bounds: the node enforces the resume value limits on whatever arrives", () => {
    test.each(OVERSIZED)(
      "a raw Command with %s is refused with INVALID_DECISION, the approval stays pending under its id and nothing runs; the next resume() applies and the tool runs once",
      async (_label, data, storable) => {
        const { graph, config, runs, pending } = await pausedStore(saver, adapter);
        const decisions: unknown = [{ type: "edit", updatedInput: { data: data() } }];
        // What LangGraph cannot store makes the raw invoke itself reject; the node's refusal is stored either way.
        await graph.invoke(new Command({ resume: { [pending.interruptId]: decisions } }), config).catch(() => undefined);
        expect(runs).toHaveLength(0);
        const refused = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
        expect(refused.interruptId).toBe(pending.interruptId);
        expect(refusalCode(refused.payload, storable, "INVALID_DECISION")).toBe("INVALID_DECISION");

        const { values, interrupt } = await resume(graph, config, [{ type: "approve" }], { interruptId: refused.interruptId });
        expect(interrupt).toBeUndefined();
        expect(runs).toEqual([{ data: 1 }]);
        expect(toolMessages(values).map((message) => message.content)).toEqual(["stored"]);
      },
      // Serialising a 100 000-value resume write takes seconds on a loaded 2-core machine.
      90_000,
    );

    test("a raw answer nested 20 000 levels deep (more than the checkpointer can store) re-raises the question with INVALID_ANSWER and the model never sees it; the next resume() answers it", async () => {
      const { graph, model, config, pending } = await pausedQuestion(saver, adapter);
      const modelCalls = model.calls;
      await graph.invoke(new Command({ resume: { [pending.interruptId]: { answer: nested(20_000) } } }), config).catch(() => undefined);
      expect(model.calls).toBe(modelCalls);
      const refused = (await getInterrupt<AskUserQuestionInterruptPayload>(graph, config))!;
      expect(refused.interruptId).toBe(pending.interruptId);
      expect(refusalCode(refused.payload, false, "INVALID_ANSWER")).toBe("INVALID_ANSWER");
      expect(refused.payload.tool_call_id).toBe("q1");

      const { values } = await resume(graph, config, { answer: "staging" }, { interruptId: refused.interruptId });
      expect(toolMessages(values).map((message) => message.content)).toEqual(["staging"]);
    });
  });
};
