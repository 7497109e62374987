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

    test.each([
      ["addressed to the interrupt", (id: string): unknown => ({ [id]: { answer: "moon" } })],
      ["unaddressed", (): unknown => ({ answer: "moon" })],
    ])("a refused answer (raw Command, %s) is forgotten: the question waits under the same id, and a redeploy that would accept it applies the person's next answer", async (_label, resumeValue) => {
      const checkpointer = await saver();
      const release = (allowFreeText: boolean) =>
        new StateGraph(MessagesAnnotation)
          .addNode("clarify", () => {
            const { answer } = askUserQuestion({ question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }], allowFreeText });
            return { messages: [new HumanMessage(`deploy to ${answer}`)] };
          })
          .addEdge(START, "clarify")
          .addEdge("clarify", END)
          .compile({ checkpointer });
      const strict = release(false);
      const config = newThread("forgotten");
      const first = interruptsOf(await strict.invoke({ messages: [] }, config))[0]!;
      const again = interruptsOf(await strict.invoke(new Command({ resume: resumeValue(first.id!) }), config))[0]!;
      expect([again.id, (again.value as AskUserQuestionInterruptPayload).error?.code]).toEqual([first.id, "INVALID_ANSWER"]);
      // The node's next release accepts free text: "moon" would now pass, but the person answered again.
      const lenient = release(true);
      const { values } = await resume(lenient, config, { answer: "production" }, { interruptId: again.id! });
      expect(values.messages.map((message) => String(message.content))).toEqual(["deploy to production"]);
    });

    test("an earlier answer a redeployed node now refuses is asked again, and the answers after it with it: none is shifted onto another question", async () => {
      const checkpointer = await saver();
      const release = (allowFreeText: boolean) =>
        new StateGraph(MessagesAnnotation)
          .addNode("clarify", () => {
            const env = askUserQuestion({ question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }], allowFreeText });
            const note = askUserQuestion({ question: "Anything to tell the team?" });
            return { messages: [new HumanMessage(`deploy to ${env.answer}: ${note.answer}`)] };
          })
          .addEdge(START, "clarify")
          .addEdge("clarify", END)
          .compile({ checkpointer });
      const lenient = release(true);
      const config = newThread("asked-again");
      await lenient.invoke({ messages: [] }, config);
      const pending = (await getInterrupt(lenient, config))!;
      const note = await resume(lenient, config, { answer: "moon" }, { interruptId: pending.interruptId });
      expect(note.interrupt?.payload).toMatchObject({ question: { question: "Anything to tell the team?" } });
      // The node's next release refuses free text: "moon", accepted when it arrived, no longer fits.
      const strict = release(false);
      const refused = await resume(strict, config, { answer: "ship it" }, { interruptId: note.interrupt!.interruptId }).catch((error: unknown) => error);
      expect(isHITLError(refused, "INVALID_ANSWER")).toBe(true);
      const again = (await getInterrupt<AskUserQuestionInterruptPayload>(strict, config))!;
      expect([again.interruptId, again.payload.question.question, again.payload.error?.code]).toEqual([pending.interruptId, "Which environment?", "INVALID_ANSWER"]);
      const asked = await resume(strict, config, { answer: "staging" }, { interruptId: again.interruptId });
      expect(asked.interrupt?.payload).toMatchObject({ question: { question: "Anything to tell the team?" } });
      const { values } = await resume(strict, config, { answer: "ship it" }, { interruptId: asked.interrupt!.interruptId });
      expect(values.messages.map((message) => String(message.content))).toEqual(["deploy to staging: ship it"]);
    });
  });
};
