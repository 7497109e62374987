import type { ToolMessage } from "@langchain/core/messages";
import { interrupt } from "@langchain/langgraph";
import { HookRegistry, getInterrupt, isHITLError, resume, start, type HookErrorContext, type ShadowVerdict, type ShadowVerdictEvent } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

function shadowOf(message: ToolMessage | undefined): ShadowVerdict[] | undefined {
  return message?.additional_kwargs["hitl_shadow"] as ShadowVerdict[] | undefined;
}

/** What a run reported to its callbacks. */
function listeners() {
  const verdicts: ShadowVerdictEvent[] = [];
  const errors: Array<{ error: unknown; context: HookErrorContext }> = [];
  return {
    verdicts,
    errors,
    options: {
      onShadowVerdict: (event: ShadowVerdictEvent) => void verdicts.push(event),
      onHookError: (error: unknown, context: HookErrorContext) => void errors.push({ error, context }),
    },
  };
}

export const shadowCases: BehaviourCases = (saver, adapter) => {
  describe("shadow policies: recorded and reported, never applied", () => {
    test("a shadow deny on an allowed call: the tool runs, its ToolMessage records the deny as a difference, and onShadowVerdict hears it once", async () => {
      const heard = listeners();
      const hooks = new HookRegistry().register("PreToolUse", { name: "strict", matcher: "deploy", shadow: true, hooks: [() => ({ decision: "deny", reason: "no deploys on Fridays" })] });
      const deploy = countingTool("deploy");
      const read = countingTool("read_file");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool, read.tool], { hooks, ...heard.options }), [
        { name: "deploy", args: { path: "app" }, id: "d1" },
        { name: "read_file", args: { path: "a" }, id: "r1" },
      ], await saver());
      const config = newThread();
      const outcome = await start(graph, ask(), config);
      expect(outcome.interrupt).toBeUndefined();
      expect([deploy.count, read.count]).toEqual([1, 1]);
      const [deployed, readMessage] = toolMessages(outcome.values);
      expect(deployed?.status).toBe("success");
      expect(deployed?.additional_kwargs["hitl"]).toBeUndefined();
      expect(shadowOf(deployed)).toEqual([{ hook: "strict", decision: "deny", reason: "no deploys on Fridays", differs: true, changes: ["decision"] }]);
      // A call no shadow hook matched carries no shadow record at all.
      expect(readMessage?.additional_kwargs).not.toHaveProperty("hitl_shadow");
      expect(heard.verdicts).toHaveLength(1);
      expect(heard.verdicts[0]).toMatchObject({
        threadId: config.configurable.thread_id,
        toolCallId: "d1",
        toolName: "deploy",
        hook: "strict",
        arguments: { path: "app" },
        actual: "allow",
        wouldBe: "deny",
        differs: true,
        result: { decision: "deny", reason: "no deploys on Fridays" },
      });
      expect(heard.errors).toEqual([]);
    });

    test("a shadow ask does not pause: the call runs at once and its record says it would have asked", async () => {
      const hooks = new HookRegistry().register("PreToolUse", { name: "cautious", shadow: true, hooks: [() => ({ decision: "ask", reason: "big change" })] });
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const config = newThread();
      const outcome = await start(graph, ask(), config);
      expect(outcome.interrupt).toBeUndefined();
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(deploy.count).toBe(1);
      expect(shadowOf(toolMessages(outcome.values)[0])).toEqual([{ hook: "cautious", decision: "ask", reason: "big change", differs: true, changes: ["decision"] }]);
    });

    test("a shadow hook that throws, or hangs past its bound, is recorded as a failure and reported, and the call runs", async () => {
      const heard = listeners();
      const hooks = new HookRegistry()
        .register("PreToolUse", { name: "thrower", shadow: true, hooks: [() => { throw new Error("policy db down"); }] })
        .register("PreToolUse", { name: "sleeper", shadow: true, timeoutMs: 50, hooks: [() => new Promise<never>(() => undefined)] });
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks, ...heard.options }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const outcome = await start(graph, ask(), newThread());
      expect(deploy.count).toBe(1);
      const [message] = toolMessages(outcome.values);
      expect(message?.status).toBe("success");
      expect(shadowOf(message)).toEqual([
        { hook: "thrower", decision: "deny", reason: "the policy hook threw: policy db down", failure: "error", differs: true, changes: ["decision"] },
        { hook: "sleeper", decision: "deny", reason: "the policy hook did not answer within 50 ms", failure: "timeout", differs: true, changes: ["decision"] },
      ]);
      expect(heard.errors.map(({ context }) => context)).toEqual([
        { event: "PreToolUse", toolName: "deploy", toolCallId: "d1", shadow: true },
        { event: "PreToolUse", toolName: "deploy", toolCallId: "d1", shadow: true },
      ]);
    });

    test("a shadow updatedInput changes nothing: the hooks in charge and the tool see the model's arguments; the record says the input would have changed", async () => {
      const seenInCharge: unknown[] = [];
      const hooks = new HookRegistry()
        .register("PreToolUse", { name: "rewriter", shadow: true, hooks: [({ toolInput }) => {
          if (typeof toolInput !== "string") toolInput["path"] = "mutated in place";
          return { updatedInput: { path: "/sandbox/app" } };
        }] })
        .register("PreToolUse", { hooks: [({ toolInput }) => void seenInCharge.push(toolInput)] });
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const outcome = await start(graph, ask(), newThread());
      expect(deploy.runs).toEqual([{ path: "app" }]);
      expect(seenInCharge).toEqual([{ path: "app" }]);
      expect(shadowOf(toolMessages(outcome.values)[0])).toEqual([{ hook: "rewriter", differs: true, changes: ["input"] }]);
    });

    test("shadow and in-charge hooks together: the hooks in charge decide (an ask pauses, the approval runs the tool once); the shadow sees the arguments as sent and its deny is recorded beside the reviewer's decision", async () => {
      const heard = listeners();
      const shadowSaw: unknown[] = [];
      const hooks = new HookRegistry()
        .register("PreToolUse", { hooks: [() => ({ decision: "ask", updatedInput: { path: "/sandbox/app" } })] })
        .register("PreToolUse", { name: "strict", shadow: true, hooks: [({ toolInput }) => {
          shadowSaw.push(toolInput);
          return { decision: "deny", reason: "too risky" };
        }] });
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks, ...heard.options }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const config = newThread();
      const paused = await start(graph, ask(), config);
      expect(paused.interrupt).toBeDefined();
      expect(deploy.count).toBe(0);
      // A paused batch reports nothing: it is screened again, and reported, when it is answered.
      expect(heard.verdicts).toEqual([]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: paused.interrupt!.interruptId, reviewer: { id: "u-1" } });
      expect(deploy.runs).toEqual([{ path: "/sandbox/app" }]);
      const [message] = toolMessages(values);
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", source: "reviewer", reviewer: { id: "u-1" } });
      expect(shadowOf(message)).toEqual([{ hook: "strict", decision: "deny", reason: "too risky", differs: true, changes: ["decision"] }]);
      expect(shadowSaw.every((input) => JSON.stringify(input) === JSON.stringify({ path: "app" }))).toBe(true);
      expect(heard.verdicts.map(({ hook, actual, wouldBe }) => ({ hook, actual, wouldBe }))).toEqual([{ hook: "strict", actual: "ask", wouldBe: "deny" }]);
    });

    test("a shadow hook that agrees with the hooks in charge is recorded as not differing", async () => {
      const hooks = new HookRegistry()
        .register("PreToolUse", { hooks: [() => ({ decision: "deny", reason: "blocked" })] })
        .register("PreToolUse", { name: "same", shadow: true, hooks: [() => ({ decision: "deny", reason: "blocked too" })] })
        .register("PreToolUse", { name: "lenient", shadow: true, hooks: [() => ({ decision: "allow" })] });
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const outcome = await start(graph, ask(), newThread());
      expect(deploy.count).toBe(0);
      const [message] = toolMessages(outcome.values);
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "deny", source: "policy", reason: "blocked" });
      // A lenient shadow cannot lift a deny in charge: switching it on would change nothing.
      expect(shadowOf(message)).toEqual([
        { hook: "same", decision: "deny", reason: "blocked too", differs: false },
        { hook: "lenient", decision: "allow", differs: false },
      ]);
    });

    test("a shadow cancelRun, halt or additionalContext changes nothing: the run goes on and the model sees only the tool's output", async () => {
      const hooks = new HookRegistry().register("PreToolUse", { name: "loud", shadow: true, hooks: [() => ({ cancelRun: "change freeze", preventContinuation: true, additionalContext: "psst" })] });
      const deploy = countingTool("deploy");
      const { graph, model } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const outcome = await start(graph, ask(), newThread());
      expect(outcome.halted).toBeUndefined();
      expect(model.calls).toBe(2);
      const [message] = toolMessages(outcome.values);
      expect(message?.content).toBe('deploy ran with {"path":"app"}');
      expect(message?.additional_kwargs).not.toHaveProperty("hitl_halt");
      expect(shadowOf(message)).toEqual([{ hook: "loud", differs: true, changes: ["context", "halt", "cancel"] }]);
    });

    test("a shadow hook that calls interrupt() neither pauses nor fails the run: it is recorded as a failure and reported as HOOK_CANNOT_PAUSE", async () => {
      const heard = listeners();
      const hooks = new HookRegistry().register("PreToolUse", { name: "pauser", shadow: true, hooks: [() => interrupt({ question: "may I?" })] });
      const deploy = countingTool("deploy");
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks, ...heard.options }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const config = newThread();
      const outcome = await start(graph, ask(), config);
      expect(outcome.interrupt).toBeUndefined();
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(deploy.count).toBe(1);
      expect(shadowOf(toolMessages(outcome.values)[0])).toMatchObject([{ hook: "pauser", decision: "deny", failure: "error", differs: true }]);
      expect(heard.errors).toHaveLength(1);
      expect(isHITLError(heard.errors[0]?.error, "HOOK_CANNOT_PAUSE")).toBe(true);
      expect(heard.errors[0]?.context.shadow).toBe(true);
    });

    test("an onShadowVerdict that throws is reported and changes nothing", async () => {
      const heard = listeners();
      const hooks = new HookRegistry().register("PreToolUse", { name: "strict", shadow: true, hooks: [() => ({ decision: "deny" })] });
      const deploy = countingTool("deploy");
      const onShadowVerdict = (): void => {
        throw new Error("metrics sink down");
      };
      const { graph } = adapter.agentGraph(adapter.approvals([deploy.tool], { hooks, onHookError: heard.options.onHookError, onShadowVerdict }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const outcome = await start(graph, ask(), newThread());
      expect(deploy.count).toBe(1);
      expect(toolMessages(outcome.values)[0]?.status).toBe("success");
      expect(heard.errors.map(({ context }) => [context.event, context.toolCallId])).toEqual([["onShadowVerdict", "d1"]]);
    });
  });
};
