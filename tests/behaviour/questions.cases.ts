import { HumanMessage } from "@langchain/core/messages";
import { Command, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { askUserQuestion, getInterrupt, isAskUserQuestionInterrupt, isHITLError, resume, type AskUserQuestionInterruptPayload } from "../../src/index.js";
import { newThread, interruptsOf } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory } from "./harness.js";

async function clarifyingGraph(saver: SaverFactory, allowFreeText?: boolean) {
  let sideEffects = 0;
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("clarify", () => {
      const { answer } = askUserQuestion({
        question: "Which environment?",
        description: "Deploy target",
        options: [
          { label: "Staging", value: "staging" },
          { label: "Production", value: "production" },
        ],
        ...(allowFreeText === undefined ? {} : { allowFreeText }),
      });
      sideEffects += 1;
      return { messages: [new HumanMessage(`deploy to ${answer}`)] };
    })
    .addEdge(START, "clarify")
    .addEdge("clarify", END)
    .compile({ checkpointer: await saver() });
  return { graph, sideEffects: () => sideEffects };
}

export const questionCases: BehaviourCases = (saver) => {
  describe("askUserQuestion() inside a node", () => {
    test("pauses with an ask_user_question payload and returns { answer } on resume", async () => {
      const { graph, sideEffects } = await clarifyingGraph(saver);
      const config = newThread();
      const first = await graph.invoke({ messages: [] }, config);
      const payload = interruptsOf(first)[0]?.value as AskUserQuestionInterruptPayload;
      expect(isAskUserQuestionInterrupt(payload)).toBe(true);
      expect(payload.question.question).toBe("Which environment?");
      expect(sideEffects()).toBe(0);

      const { values } = await resume(graph, config, { answer: "staging" });
      expect(sideEffects()).toBe(1);
      expect(String(values.messages?.[0]?.content)).toBe("deploy to staging");
    });

    test.each([
      ["no answer field", {}],
      ["a numeric answer", { answer: 3 }],
      ["a bare string", "staging"],
      ["extra fields", { answer: "staging", mood: "happy" }],
    ])("resume() rejects a resolution with %s with INVALID_ANSWER", async (_label, value) => {
      const { graph, sideEffects } = await clarifyingGraph(saver);
      const config = newThread();
      await graph.invoke({ messages: [] }, config);
      const error = await resume(graph, config, value as never).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_ANSWER")).toBe(true);
      expect(sideEffects()).toBe(0);
      expect(await getInterrupt(graph, config)).toBeDefined();
    });

    test("an answer outside the options is refused when free text is off, and accepted when it is on", async () => {
      const strict = await clarifyingGraph(saver, false);
      const strictConfig = newThread();
      await strict.graph.invoke({ messages: [] }, strictConfig);
      const error = await resume(strict.graph, strictConfig, { answer: "moon" }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_ANSWER") && error.details[0]?.allowed).toEqual(["staging", "production"]);

      const lenient = await clarifyingGraph(saver);
      const lenientConfig = newThread();
      await lenient.graph.invoke({ messages: [] }, lenientConfig);
      const { values } = await resume(lenient.graph, lenientConfig, { answer: "moon" });
      expect(String(values.messages?.[0]?.content)).toBe("deploy to moon");
    });

    test("a bad answer sent with a raw Command re-raises the question with an error and nothing runs", async () => {
      const { graph, sideEffects } = await clarifyingGraph(saver, false);
      const config = newThread();
      const first = await graph.invoke({ messages: [] }, config);
      const again = await graph.invoke(new Command({ resume: { [interruptsOf(first)[0]!.id!]: { answer: "moon" } } }), config);
      const payload = interruptsOf(again)[0]?.value as AskUserQuestionInterruptPayload;
      expect(payload.error?.code).toBe("INVALID_ANSWER");
      expect(sideEffects()).toBe(0);
      const pending = await getInterrupt(graph, config);
      const { values } = await resume(graph, config, { answer: "production" }, { interruptId: pending!.interruptId });
      expect(String(values.messages?.[0]?.content)).toBe("deploy to production");
      expect(sideEffects()).toBe(1);
    });
  });
};
