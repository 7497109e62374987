// Contract tests for src/langgraph/interrupt-id.ts: the ids it computes are the ids LangGraph raises.
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { answeredRaiseOf, interruptIdFor, interruptWithId, readTaskContext } from "../../src/langgraph/index.js";
import { interruptIdInBareContext } from "../../src/langgraph/interrupt-id.js";

interface Seen {
  namespace: string;
  answers: Array<{ value: unknown; interruptId: string | undefined; raise: number | undefined }>;
}

/** A node that raises twice; it records its namespace and what each raise returned. */
function twiceAsking(seen: Seen[]) {
  return (_state: unknown, config: LangGraphRunnableConfig) => {
    const pass: Seen = { namespace: readTaskContext(config).namespace, answers: [] };
    seen.push(pass);
    pass.answers.push(interruptWithId({ raise: 1 }));
    pass.answers.push(interruptWithId({ raise: 2 }));
    return {};
  };
}

async function pendingId(graph: { getState(config: object, options?: object): Promise<{ tasks: ReadonlyArray<{ interrupts: ReadonlyArray<{ id?: string }>; state?: unknown }> }> }, config: object): Promise<string> {
  const [task] = (await graph.getState(config, { subgraphs: true })).tasks;
  return task!.interrupts[0]!.id!;
}

describe("interrupt ids, as LangGraph computes them", () => {
  test("the 1st and the 2nd raise of a task have the ids interruptIdFor(namespace, 0) and (namespace, 1)", async () => {
    const seen: Seen[] = [];
    const graph = new StateGraph(MessagesAnnotation).addNode("ask", twiceAsking(seen)).addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "interrupt-id-1" } };
    await graph.invoke({ messages: [] }, config);
    const first = await pendingId(graph, config);
    expect(interruptIdFor(seen[0]!.namespace, 0)).toBe(first);
    await graph.invoke(new Command({ resume: { [first]: "one" } }), config);
    const second = await pendingId(graph, config);
    expect(interruptIdFor(seen[0]!.namespace, 1)).toBe(second);
    // The fast path (a bare AsyncLocalStorage store) must itself compute them: if LangChain moves
    // the config out of the store, interruptIdFor falls back to runWithConfig and this fails.
    expect(interruptIdInBareContext(seen[0]!.namespace, 0)).toBe(first);
    expect(interruptIdInBareContext(seen[0]!.namespace, 1)).toBe(second);
    expect(second).not.toBe(first);
    await graph.invoke(new Command({ resume: { [second]: "two" } }), config);
    expect(seen[2]!.answers).toEqual([
      { value: "one", interruptId: first, raise: 0 },
      { value: "two", interruptId: second, raise: 1 },
    ]);
  });

  test.each([
    ["addressed to the interrupt id", true],
    ["not addressed (a null resume)", false],
  ])("answeredRaiseOf names the raise an id was among the answers a pass holds — kept ones and the new one — and nothing else (resume %s)", async (_label, addressed) => {
    const held: Array<Array<number | undefined>> = [];
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("ask", (_state: unknown, config: LangGraphRunnableConfig) => {
        const { namespace } = readTaskContext(config);
        held.push([0, 1, 2].map((raise) => answeredRaiseOf(interruptIdFor(namespace, raise))).concat(answeredRaiseOf("0".repeat(32))));
        interruptWithId({ raise: 1 });
        interruptWithId({ raise: 2 });
        return {};
      })
      .addEdge(START, "ask")
      .addEdge("ask", END)
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: `answered-raise-${held.length}-${Math.random()}` } };
    await graph.invoke({ messages: [] }, config);
    for (const value of ["one", "two"]) {
      const id = await pendingId(graph, config);
      await graph.invoke(new Command({ resume: addressed ? { [id]: value } : value }), config);
    }
    expect(held).toEqual([
      [undefined, undefined, undefined, undefined],
      [0, undefined, undefined, undefined],
      [0, 1, undefined, undefined],
    ]);
  });

  test("in a subgraph, the ids are computed from the nested namespace", async () => {
    const seen: Seen[] = [];
    const inner = new StateGraph(MessagesAnnotation).addNode("ask", twiceAsking(seen)).addEdge(START, "ask").compile();
    const outer = new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "interrupt-id-2" } };
    await outer.invoke({ messages: [] }, config);
    expect(seen[0]!.namespace).toContain("|");
    const first = await pendingId(outer, config);
    expect(interruptIdFor(seen[0]!.namespace, 0)).toBe(first);
    await outer.invoke(new Command({ resume: { [first]: "one" } }), config);
    const second = await pendingId(outer, config);
    expect(interruptIdFor(seen[0]!.namespace, 1)).toBe(second);
    await outer.invoke(new Command({ resume: { [second]: "two" } }), config);
    expect(seen.at(-1)!.answers.map((answer) => answer.interruptId)).toEqual([first, second]);
  });

  test("a value addressed to the first id answers the second raise, and interruptWithId says so", async () => {
    const seen: Seen[] = [];
    const graph = new StateGraph(MessagesAnnotation).addNode("ask", twiceAsking(seen)).addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "interrupt-id-3" } };
    await graph.invoke({ messages: [] }, config);
    const first = await pendingId(graph, config);
    await graph.invoke(new Command({ resume: { [first]: "one" } }), config);
    const second = await pendingId(graph, config);
    // LangGraph falls back to the first id when the current one is not in the map (a replay).
    await graph.invoke(new Command({ resume: { [first]: "replayed" } }), config);
    expect(seen.at(-1)!.answers).toEqual([
      { value: "one", interruptId: first, raise: 0 },
      { value: "replayed", interruptId: second, raise: 1 },
    ]);
  });

  test("a raise the node swallows and repeats in the same pass still maps to the id LangGraph stored, and its answer says so", async () => {
    const seen: Seen[] = [];
    // Misbehaving on purpose: it catches its own GraphInterrupt and raises again (LangGraph then raises the same id).
    const swallowing = (_state: unknown, config: LangGraphRunnableConfig) => {
      const pass: Seen = { namespace: readTaskContext(config).namespace, answers: [] };
      seen.push(pass);
      try {
        pass.answers.push(interruptWithId({ raise: "swallowed" }));
      } catch {
        // swallowed
      }
      pass.answers.push(interruptWithId({ raise: "again" }));
      return {};
    };
    const graph = new StateGraph(MessagesAnnotation).addNode("ask", swallowing).addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "interrupt-id-4" } };
    await graph.invoke({ messages: [] }, config);
    const pending = await pendingId(graph, config);
    expect(interruptIdFor(seen[0]!.namespace, 0)).toBe(pending);
    expect(interruptIdInBareContext(seen[0]!.namespace, 0)).toBe(pending);
    // The repeated raise had made one more interrupt() call than it had answers: the id of the raise after one answer is still its own.
    expect(interruptIdFor(seen[0]!.namespace, 1)).toBe(interruptIdInBareContext(seen[0]!.namespace, 1));
    expect(interruptIdFor(seen[0]!.namespace, 1)).not.toBe(pending);
    await graph.invoke(new Command({ resume: { [pending]: "one" } }), config);
    expect(seen.at(-1)!.answers[0]).toEqual({ value: "one", interruptId: pending, raise: 0 });
  });
});
