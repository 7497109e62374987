// Contract tests: LangGraph publishes a JSON Schema given to interrupt() as the interrupt's
// `response_schema`, unchanged and without validating the resume value; raiseInPlace() raises
// the interrupt interrupt() would.
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { interruptWithId, raiseInPlace } from "../../src/langgraph/index.js";

const SCHEMA = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"], additionalProperties: false };

type Raised = { id?: string; value?: unknown; response_schema?: unknown };

function asking(onAnswer: (value: unknown) => void) {
  return new StateGraph(MessagesAnnotation)
    .addNode("ask", () => {
      const { value } = interruptWithId({ question: "ok?" }, SCHEMA);
      onAnswer(value);
      if ((value as { ok?: unknown }).ok !== true) raiseInPlace({ question: "ok?", error: "refused" }, SCHEMA);
      return {};
    })
    .addEdge(START, "ask")
    .addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
}

describe("LangGraph's response_schema", () => {
  test("a JSON Schema given to interrupt() is published unchanged on the __interrupt__ entry and the task's stored interrupt", async () => {
    const graph = asking(() => undefined);
    const config = { configurable: { thread_id: "response-schema-1" } };
    const result = (await graph.invoke({ messages: [] }, config)) as { __interrupt__?: Raised[] };
    expect(result.__interrupt__).toEqual([{ id: expect.any(String), value: { question: "ok?" }, response_schema: SCHEMA }]);
    const [task] = (await graph.getState(config)).tasks;
    expect(task?.interrupts).toEqual(result.__interrupt__);
  });

  test("a JSON Schema validates nothing: a value it refuses reaches the node, and raiseInPlace() raises the interrupt interrupt() raised, under the same id", async () => {
    const answers: unknown[] = [];
    const graph = asking((value) => answers.push(value));
    const config = { configurable: { thread_id: "response-schema-2" } };
    const first = ((await graph.invoke({ messages: [] }, config)) as unknown as { __interrupt__: Raised[] }).__interrupt__[0]!;
    const again = ((await graph.invoke(new Command({ resume: { [first.id!]: { ok: "not a boolean" } } }), config)) as unknown as { __interrupt__: Raised[] }).__interrupt__[0]!;
    expect(answers).toEqual([{ ok: "not a boolean" }]);
    expect(again).toEqual({ id: first.id, value: { question: "ok?", error: "refused" }, response_schema: SCHEMA });
    expect(Object.keys(again)).toEqual(Object.keys(first));
  });

  test("a schema given as a function is built only for a call that raises: never on a pass whose call gets its answer (by id or as a plain resume), and the answers are unchanged", async () => {
    let builds = 0;
    const answers: unknown[] = [];
    const schema = () => {
      builds += 1;
      return SCHEMA;
    };
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("ask", () => {
        answers.push(interruptWithId({ question: "first?" }, schema).value);
        answers.push(interruptWithId({ question: "second?" }, schema).value);
        return {};
      })
      .addEdge(START, "ask")
      .addEdge("ask", END)
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "response-schema-lazy" } };
    const first = ((await graph.invoke({ messages: [] }, config)) as unknown as { __interrupt__: Raised[] }).__interrupt__[0]!;
    expect(first.response_schema).toEqual(SCHEMA);
    expect(builds).toBe(1);
    const second = ((await graph.invoke(new Command({ resume: { [first.id!]: { ok: true } } }), config)) as unknown as { __interrupt__: Raised[] }).__interrupt__[0]!;
    expect(second).toEqual({ id: expect.any(String), value: { question: "second?" }, response_schema: SCHEMA });
    expect(builds).toBe(2);
    await graph.invoke(new Command({ resume: { ok: false } }), config);
    expect(builds).toBe(2);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: false }]);
    expect((await graph.getState(config)).next).toEqual([]);
  });
});
