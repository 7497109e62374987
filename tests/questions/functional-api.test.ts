import { Command, MemorySaver, entrypoint, task } from "@langchain/langgraph";
import { askUserQuestion, type AskUserQuestionInterruptPayload } from "../../src/index.js";

type Paused = { __interrupt__?: Array<{ id: string; value: AskUserQuestionInterruptPayload }> };

describe("askUserQuestion() in LangGraph's functional API", () => {
  test("in an entrypoint and in a task, a refused answer is forgotten: the question waits under the same id, and the next answer is returned", async () => {
    const clarify = task("clarify", async () => askUserQuestion({ question: "Which?", options: [{ label: "A", value: "a" }, { label: "B", value: "b" }], allowFreeText: false }).answer);
    const flow = entrypoint({ name: "flow", checkpointer: new MemorySaver() }, async () => {
      const first = askUserQuestion({ question: "First?" }).answer;
      return `${first}/${await clarify()}`;
    });
    const config = { configurable: { thread_id: "functional-api" } };
    await flow.invoke({}, config);
    const asked = ((await flow.invoke(new Command({ resume: { answer: "hello" } }), config)) as Paused).__interrupt__![0]!;
    expect(asked.value.question.question).toBe("Which?");
    const refused = ((await flow.invoke(new Command({ resume: { answer: "zzz" } }), config)) as Paused).__interrupt__![0]!;
    expect([refused.id, refused.value.error?.code]).toEqual([asked.id, "INVALID_ANSWER"]);
    expect(await flow.invoke(new Command({ resume: { answer: "b" } }), config)).toBe("hello/b");
  });
});
