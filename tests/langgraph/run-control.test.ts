// Contract test for src/langgraph/run-control.ts: how LangGraph reads a RunControl to drain a run,
// and that a drain laid over the host's own control ends that run only.
import { AIMessage } from "@langchain/core/messages";
import { END, GraphDrained, isGraphDrained, MemorySaver, MessagesAnnotation, RunControl, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { drainThisRun } from "../../src/langgraph/index.js";

/** A RunControl that counts how often LangGraph reads it. */
class CountingControl extends RunControl {
  reasonReads = 0;
  requestedReads = 0;
  override get drainReason(): string | undefined {
    this.reasonReads += 1;
    return super.drainReason;
  }
  override get drainRequested(): boolean {
    this.requestedReads += 1;
    return super.drainRequested;
  }
}

/** first → second → END; `first` calls `stop` with its config. */
function twoSteps(stop: (config: LangGraphRunnableConfig) => void) {
  const ran: string[] = [];
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("first", (_state, config: LangGraphRunnableConfig) => {
      ran.push("first");
      stop(config);
      return { messages: [new AIMessage("first")] };
    })
    .addNode("second", () => {
      ran.push("second");
      return { messages: [new AIMessage("second")] };
    })
    .addEdge(START, "first")
    .addEdge("first", "second")
    .addEdge("second", END)
    .compile({ checkpointer: new MemorySaver() });
  return { graph, ran };
}

describe("LangGraph's RunControl, as src/langgraph/run-control.ts drains it", () => {
  test("drainRequested and drainReason are accessors of RunControl's prototype, so own properties shadow them", () => {
    for (const key of ["drainRequested", "drainReason"]) {
      expect(typeof Object.getOwnPropertyDescriptor(RunControl.prototype, key)?.get).toBe("function");
      expect(Object.prototype.hasOwnProperty.call(new RunControl(), key)).toBe(false);
    }
  });

  test("a drained run reads drainRequested at the step boundary and drainReason exactly once", async () => {
    const control = new CountingControl();
    const { graph } = twoSteps(() => control.requestDrain("stop here"));
    const error = await graph.invoke({ messages: [] }, { configurable: { thread_id: "drain-reads" }, control }).catch((e: unknown) => e);
    expect(isGraphDrained(error)).toBe(true);
    expect((error as GraphDrained).reason).toBe("stop here");
    expect(control.reasonReads).toBe(1);
    expect(control.requestedReads).toBeGreaterThan(0);
  });

  test("a node sees the host's control as config.control, and a run without one gets its own", async () => {
    const seen: unknown[] = [];
    const control = new RunControl();
    const { graph } = twoSteps((config) => seen.push(config.control));
    await graph.invoke({ messages: [] }, { configurable: { thread_id: "drain-identity-1" }, control });
    await graph.invoke({ messages: [] }, { configurable: { thread_id: "drain-identity-2" } });
    expect(seen[0]).toBe(control);
    expect(seen[1]).toBeInstanceOf(RunControl);
    expect(seen[1]).not.toBe(control);
  });

  test("drainThisRun ends the run after the step is saved, with its reason, and leaves the host's control as it was", async () => {
    const control = new RunControl();
    const { graph, ran } = twoSteps((config) => expect(drainThisRun(config, "langgraph-hitl:test")).toBe(true));
    const config = { configurable: { thread_id: "drain-once" }, control };
    const error = await graph.invoke({ messages: [] }, config).catch((e: unknown) => e);
    expect((error as GraphDrained).reason).toBe("langgraph-hitl:test");
    expect(ran).toEqual(["first"]);
    expect((await graph.getState(config)).values.messages.map((message: AIMessage) => message.content)).toEqual(["first"]);
    expect([control.drainRequested, control.drainReason]).toEqual([false, undefined]);
    // The same control runs the next step of the thread to the end.
    await graph.invoke(null, config);
    expect(ran).toEqual(["first", "second"]);
  });

  test("drainThisRun works without a host control, and the first request of a run wins", async () => {
    const { graph } = twoSteps((config) => {
      drainThisRun(config, "first reason");
      drainThisRun(config, "second reason");
    });
    const error = await graph.invoke({ messages: [] }, { configurable: { thread_id: "drain-first" } }).catch((e: unknown) => e);
    expect((error as GraphDrained).reason).toBe("first reason");
    expect(drainThisRun({}, "outside a graph")).toBe(false);
  });
});
