import { MemorySaver, interrupt } from "@langchain/langgraph";
import { ApprovalToolNode, HookRegistry, createHook, isHITLError, resume, start, type ShadowVerdict } from "../../src/index.js";
import { DEFAULT_OBSERVER_TIMEOUT_MS } from "../../src/hooks/time-bound.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

function refusal(register: () => unknown): unknown {
  try {
    register();
  } catch (error) {
    return error;
  }
  return undefined;
}

const noOpinion = (): undefined => undefined;

describe("registering a shadow hook", () => {
  test.each([
    ["shadow on an observer event", () => new HookRegistry().register("PostToolUse", { shadow: true as never, hooks: [noOpinion] }), ["shadow"]],
    ["a shadow that is not a boolean", () => new HookRegistry().register("PreToolUse", { shadow: "yes" as never, hooks: [noOpinion] }), ["shadow"]],
    ["an empty name", () => new HookRegistry().register("PreToolUse", { shadow: true, name: "", hooks: [noOpinion] }), ["name"]],
    ["a name that is not a string", () => new HookRegistry().register("PreToolUse", { shadow: true, name: 7 as never, hooks: [noOpinion] }), ["name"]],
    ["a name already taken", () => new HookRegistry().register("PreToolUse", { shadow: true, name: "v2", hooks: [noOpinion] }).register("PreToolUse", { shadow: true, name: "v2", hooks: [noOpinion] }), ["name"]],
    ["createHook with shadow and onToolResult", () => createHook({ shadow: true, onToolCall: ({ tool }) => tool.run(), onToolResult: ({ run }) => run.continue() }), ["shadow"]],
  ])("refuses %s with INVALID_OPTIONS naming the field", (_label, register, path) => {
    const error = refusal(register);
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(error) && error.details[0]?.path).toEqual(path);
  });

  test("shadow hooks are listed apart, named, and bounded by 5 s unless told otherwise; they do not count as hooks in charge", () => {
    const registry = new HookRegistry()
      .register("PreToolUse", { shadow: true, hooks: [function strictPolicy() { return undefined; }, noOpinion, () => undefined] })
      .register("PreToolUse", { shadow: true, name: "v2", timeoutMs: 250, matcher: "deploy", hooks: [noOpinion, noOpinion] })
      .use(createHook({ shadow: true, name: "controls", onToolCall: ({ tool }) => tool.run() }))
      .use(createHook({ shadow: true, onToolCall: ({ tool }) => tool.run() }));
    expect(registry.has("PreToolUse")).toBe(false);
    expect(registry.hooksFor("PreToolUse", "deploy")).toEqual([]);
    expect(registry.shadowHooksFor("deploy").map(({ name, timeoutMs }) => [name, timeoutMs])).toEqual([
      ["strictPolicy", DEFAULT_OBSERVER_TIMEOUT_MS],
      ["noOpinion", DEFAULT_OBSERVER_TIMEOUT_MS],
      ["shadow-1", DEFAULT_OBSERVER_TIMEOUT_MS],
      ["v2[0]", 250],
      ["v2[1]", 250],
      ["controls", DEFAULT_OBSERVER_TIMEOUT_MS],
      ["shadow-2", DEFAULT_OBSERVER_TIMEOUT_MS],
    ]);
    expect(registry.shadowHooksFor("read_file").map(({ name }) => name)).toEqual(["strictPolicy", "noOpinion", "shadow-1", "controls", "shadow-2"]);
    // Registering one in charge makes the registry decide.
    expect(registry.register("PreToolUse", { hooks: [noOpinion] }).has("PreToolUse")).toBe(true);
  });
});

describe("a shadow hook in a running graph", () => {
  test("a registry with only shadow hooks needs no checkpointer: nothing it says can pause the run", async () => {
    const hooks = new HookRegistry().register("PreToolUse", { name: "cautious", shadow: true, hooks: [() => ({ decision: "ask" })] });
    const deploy = countingTool("deploy");
    const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { hooks }), [{ name: "deploy", args: { path: "app" } }], false);
    const result = await graph.invoke(ask());
    expect(deploy.count).toBe(1);
    expect(toolMessages(result)[0]?.additional_kwargs["hitl_shadow"]).toEqual([{ hook: "cautious", decision: "ask", differs: true, changes: ["decision"] }]);
  });

  test("a reviewer's edit is screened by the hooks in charge only: shadow hooks screen what the model sent", async () => {
    const seen: Array<{ shadow: boolean; reviewed: boolean }> = [];
    const hooks = new HookRegistry()
      .register("PreToolUse", { hooks: [({ reviewed }) => void seen.push({ shadow: false, reviewed })] })
      .register("PreToolUse", { name: "watcher", shadow: true, hooks: [({ reviewed }) => void seen.push({ shadow: true, reviewed })] });
    const deploy = countingTool("deploy");
    const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { hooks, interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" } }], new MemorySaver());
    const config = newThread();
    const paused = await start(graph, ask(), config);
    seen.length = 0;
    await resume(graph, config, [{ type: "edit", updatedInput: { path: "web" } }], { interruptId: paused.interrupt!.interruptId });
    expect(deploy.runs).toEqual([{ path: "web" }]);
    expect(seen.filter((entry) => entry.shadow)).toEqual([{ shadow: true, reviewed: false }]);
    expect(seen.filter((entry) => !entry.shadow)).toEqual([{ shadow: false, reviewed: false }, { shadow: false, reviewed: true }]);
  });

  test("when a hook in charge fails the screening, the shadow hooks still waiting are told to stop at once", async () => {
    let stopped: Promise<void> | undefined;
    const hooks = new HookRegistry()
      .register("PreToolUse", { name: "slow", shadow: true, timeoutMs: 60_000, hooks: [({ signal }) => {
        stopped = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
        return new Promise<never>(() => undefined);
      }] })
      // A hook in charge may not pause the run: the screening rejects with HOOK_CANNOT_PAUSE.
      .register("PreToolUse", { hooks: [() => interrupt({ may: "I?" })] });
    const deploy = countingTool("deploy");
    const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { hooks }), [{ name: "deploy", args: { path: "app" } }], new MemorySaver());
    const error = await graph.invoke(ask(), newThread()).catch((caught: unknown) => caught);
    expect(isHITLError(error, "HOOK_CANNOT_PAUSE")).toBe(true);
    expect(deploy.count).toBe(0);
    expect(stopped).toBeDefined();
    await stopped;
  });

  test("a reason longer than 200 characters is shortened on the record and kept whole for onShadowVerdict", async () => {
    const reason = "x".repeat(500);
    const full: string[] = [];
    const hooks = new HookRegistry().register("PreToolUse", { name: "wordy", shadow: true, hooks: [() => ({ decision: "deny", reason })] });
    const deploy = countingTool("deploy");
    const node = new ApprovalToolNode([deploy.tool], { hooks, onShadowVerdict: (event) => void full.push(event.result?.reason ?? "") });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" } }], new MemorySaver());
    const result = await graph.invoke(ask(), newThread());
    const [record] = toolMessages(result)[0]?.additional_kwargs["hitl_shadow"] as ShadowVerdict[];
    expect(record?.reason).toHaveLength(200);
    expect(record?.reason?.endsWith("…")).toBe(true);
    expect(full).toEqual([reason]);
  });
});
