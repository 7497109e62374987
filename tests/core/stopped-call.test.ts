import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { runUnlessStopped } from "../../src/core/stopped-call.js";
import { followRunSignal } from "../../src/hooks/run-signal.js";

const call: ToolCall = { id: "c1", name: "lookup", args: { n: 1 }, type: "tool_call" };
const result = (status: "success" | "error") => new ToolMessage({ content: status, tool_call_id: "c1", name: "lookup", status });

function stoppedRun() {
  const controller = new AbortController();
  controller.abort(new Error("consumer left"));
  return followRunSignal(controller.signal);
}

const liveRun = () => followRunSignal(new AbortController().signal);

describe("runUnlessStopped", () => {
  test("a runner that throws before returning a promise rejects with its error while the run goes on", async () => {
    const boom = new Error("boom");
    const running = runUnlessStopped(call, () => { throw boom; }, liveRun());
    expect(running).toBeInstanceOf(Promise);
    await expect(running).rejects.toBe(boom);
  });

  test("a runner that throws before returning a promise, once the run was stopped, is answered as maybe run", async () => {
    const output = (await runUnlessStopped(call, () => { throw new Error("boom"); }, stoppedRun())) as ToolMessage;
    expect(output.status).toBe("error");
    expect(output.tool_call_id).toBe("c1");
    expect(String(output.content)).toContain("was running when the run was stopped");
  });

  test("a rejection once the run was stopped is answered as maybe run", async () => {
    const output = (await runUnlessStopped(call, () => Promise.reject(new Error("cut off")), stoppedRun())) as ToolMessage;
    expect(String(output.content)).toContain("was running when the run was stopped");
  });

  test("an error ToolMessage once the run was stopped is answered as maybe run; a success keeps its result", async () => {
    const failed = (await runUnlessStopped(call, async () => result("error"), stoppedRun())) as ToolMessage;
    expect(String(failed.content)).toContain("was running when the run was stopped");
    const succeeded = result("success");
    await expect(runUnlessStopped(call, async () => succeeded, stoppedRun())).resolves.toBe(succeeded);
  });

  test("a runner that answers without a promise is settled like one that returns a promise", async () => {
    const succeeded = result("success");
    await expect(runUnlessStopped(call, (() => succeeded) as never, liveRun())).resolves.toBe(succeeded);
  });
});
