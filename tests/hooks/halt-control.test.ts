import { RunControl, isGraphDrained } from "@langchain/langgraph";
import { ApprovalToolNode, HookRegistry, start } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

/** An agent whose deploy call halts the run while `freeze.on` is set. */
function freezingAgent() {
  const freeze = { on: true };
  const deploy = countingTool("deploy");
  const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => (freeze.on ? { preventContinuation: true, stopReason: "change freeze" } : undefined)] });
  const node = new ApprovalToolNode([deploy.tool], { hooks });
  const { graph, model } = agentGraph(node, [{ name: "deploy", args: { path: "prod" }, id: "d" }]);
  return { graph, model, deploy, freeze };
}

describe("a halt and the host's RunControl", () => {
  test("a raw graph.invoke halted by a hook leaves the host's RunControl undrained for its next run", async () => {
    const { graph, model, freeze } = freezingAgent();
    const control = new RunControl();
    const error = await graph.invoke(ask(), { ...newThread(), control }).catch((caught: unknown) => caught);
    expect(isGraphDrained(error)).toBe(true);
    expect(control.drainRequested).toBe(false);
    expect(control.drainReason).toBeUndefined();
    freeze.on = false;
    const next = await graph.invoke(ask(), { ...newThread(), control });
    expect(toolMessages(next)).toHaveLength(1);
    expect(model.calls).toBe(3);
  });

  test("start() reports the halt and the same control then runs the next thread to the end", async () => {
    const { graph, freeze, deploy } = freezingAgent();
    const control = new RunControl();
    const first = { ...newThread(), control };
    const halted = await start(graph, ask(), first);
    expect(halted.halted?.reason).toBe("change freeze");
    freeze.on = false;
    const second = { ...newThread(), control };
    const next = await start(graph, ask(), second);
    expect(next.halted).toBeUndefined();
    expect(String(next.values.messages.at(-1)?.content)).toContain("Done");
    expect(deploy.count).toBe(2);
  });

  test("a drain the host requests itself still stops the run and stays requested", async () => {
    const { graph } = freezingAgent();
    const control = new RunControl();
    control.requestDrain("sigterm");
    const error = await graph.invoke(ask(), { ...newThread(), control }).catch((caught: unknown) => caught);
    expect(isGraphDrained(error)).toBe(true);
    expect(control.drainReason).toBe("sigterm");
  });
});
