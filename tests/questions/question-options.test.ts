import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { askUserQuestions, createAskUserQuestionTool, isHITLError } from "../../src/index.js";
import { newThread } from "../support/fixtures.js";

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("question limits", () => {
  test.each([
    ["minOptions 0", { minOptions: 0 }],
    ["maxOptions below minOptions", { minOptions: 3, maxOptions: 2 }],
    ["a fractional limit", { maxOptions: 2.5 }],
  ])("createAskUserQuestionTool refuses %s with INVALID_OPTIONS", (_label, options) => {
    expect(isHITLError(caught(() => createAskUserQuestionTool(options)), "INVALID_OPTIONS")).toBe(true);
  });

  test("the option limits are configurable", async () => {
    const lenient = createAskUserQuestionTool({ name: "confirm", minOptions: 1, maxOptions: 6 });
    expect(lenient.name).toBe("confirm");
    const schema = lenient.schema as { safeParse(value: unknown): { success: boolean } };
    expect(schema.safeParse({ question: "Sure?", options: [{ label: "Yes", value: "yes" }] }).success).toBe(true);
    const strict = createAskUserQuestionTool().schema as { safeParse(value: unknown): { success: boolean } };
    expect(strict.safeParse({ question: "Sure?", options: [{ label: "Yes", value: "yes" }] }).success).toBe(false);
  });

  test.each([
    ["no questions", []],
    ["five questions", ["a", "b", "c", "d", "e"].map((question) => ({ question }))],
    ["the same question twice", [{ question: "Why?" }, { question: "Why?" }]],
    ["a question whose text cannot key an answer (__proto__: JSON parsers and objects drop that key)", [{ question: "__proto__" }, { question: "Why?" }]],
    ["allowFreeText: false without options", [{ question: "Why?", allowFreeText: false }]],
  ])("askUserQuestions refuses %s with INVALID_QUESTION before pausing", async (_label, questions) => {
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("ask", () => {
        askUserQuestions(questions);
        return {};
      })
      .addEdge(START, "ask")
      .addEdge("ask", END)
      .compile({ checkpointer: new MemorySaver() });
    const error = await graph.invoke({ messages: [] }, newThread()).catch((e: unknown) => e);
    expect(isHITLError(error, "INVALID_QUESTION")).toBe(true);
  });
});
