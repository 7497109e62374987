import { tool } from "@langchain/core/tools";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { aiCalls, countingTool, newThread, toolMessages } from "../support/fixtures.js";

describe("retries", () => {
  test("when a retried node runs again, calls that already finished are not run a second time", async () => {
    const steady = countingTool("archive");
    let flakyRuns = 0;
    const flaky = tool(
      async () => {
        flakyRuns += 1;
        if (flakyRuns === 1) throw new Error("transient");
        return "notified";
      },
      { name: "notify", description: "flaky", schema: z.object({}) },
    );
    const node = new ApprovalToolNode([steady.tool, flaky], { interruptOn: { archive: true, notify: true }, handleToolErrors: false });
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", node, { retryPolicy: { maxAttempts: 3, initialInterval: 1, retryOn: () => true } })
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ checkpointer: new MemorySaver() });
    const config = newThread();
    await graph.invoke({ messages: [aiCalls([{ name: "archive", args: { path: "a" } }, { name: "notify", args: {} }])] }, config);
    const pending = await getInterrupt(graph, config);
    // LangGraph logs each retry on the console: capture it here instead of printing it.
    const logged: string[] = [];
    const log = jest.spyOn(console, "log").mockImplementation((line: unknown) => void logged.push(String(line)));
    const { values } = await resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending!.interruptId }).finally(() => log.mockRestore());
    expect(logged).toEqual([expect.stringMatching(/^Retrying task "tools"/)]);
    expect(steady.count).toBe(1);
    expect(flakyRuns).toBe(2);
    expect(toolMessages(values).map((m) => m.content)).toEqual(['archive ran with {"path":"a"}', "notified"]);
  });
});
