import { ApprovalToolNode, HookRegistry, type HookErrorContext } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

const never = () => new Promise<never>(() => undefined);
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

async function runOne(hooks: HookRegistry, onHookError?: (error: unknown, context: HookErrorContext) => void) {
  const tool = countingTool("write_file");
  const node = new ApprovalToolNode([tool.tool], { hooks, ...(onHookError === undefined ? {} : { onHookError }) });
  const { graph } = agentGraph(node, [{ name: "write_file", args: { path: "a" }, id: "w1" }]);
  const result = await graph.invoke(ask(), newThread());
  return { tool, message: toolMessages(result)[0]! };
}

describe("decision seats fail closed", () => {
  test("a PreToolUse hook that never answers denies the call once its bound passes", async () => {
    const { tool, message } = await runOne(new HookRegistry().register("PreToolUse", { hooks: [never], timeoutMs: 30 }), () => undefined);
    expect(tool.count).toBe(0);
    expect(message.status).toBe("error");
    expect(message.content).toContain("did not answer within 30 ms");
    expect(message.content).toContain("not executed");
  });

  test("a PreToolUse answer that arrives after the deadline is ignored: the call stays denied", async () => {
    const { tool, message } = await runOne(new HookRegistry().register("PreToolUse", { hooks: [() => later(80, { decision: "allow" as const })], timeoutMs: 20 }), () => undefined);
    expect(tool.count).toBe(0);
    expect(message.content).toContain("policy hook failed");
  });

  test("timeoutMs 0 expires every seat at once, even a hook that would answer immediately", async () => {
    let called = false;
    const hooks = new HookRegistry().register("PreToolUse", {
      hooks: [() => {
        called = true;
        return { decision: "allow" as const };
      }],
      timeoutMs: 0,
    });
    const { tool, message } = await runOne(hooks, () => undefined);
    expect([tool.count, called]).toEqual([0, false]);
    expect(message.status).toBe("error");
  });

  test("an off-contract PreToolUse answer (a misspelt field) denies the call and is reported", async () => {
    const reports: HookErrorContext[] = [];
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decison: "allow" }) as never] });
    const { tool, message } = await runOne(hooks, (_error, context) => void reports.push(context));
    expect(tool.count).toBe(0);
    expect(message.content).toContain("invalid answer");
    expect(reports).toEqual([{ event: "PreToolUse", toolName: "write_file", toolCallId: "w1" }]);
  });
});

describe("observer seats are abandoned, never decisive", () => {
  test("a PostToolUse hook that throws leaves the result as it was and reports the error with its context", async () => {
    const reports: Array<[string, HookErrorContext]> = [];
    const hooks = new HookRegistry().register("PostToolUse", {
      hooks: [() => {
        throw new Error("audit sink down");
      }],
    });
    const { tool, message } = await runOne(hooks, (error, context) => void reports.push([(error as Error).message, context]));
    expect(tool.count).toBe(1);
    expect(message.status).toBe("success");
    expect(message.content).toBe('write_file ran with {"path":"a"}');
    expect(reports).toEqual([["audit sink down", { event: "PostToolUse", toolName: "write_file", toolCallId: "w1" }]]);
  });

  test("a PostToolUse hook that never answers is abandoned at its bound; its late updatedOutput is never applied", async () => {
    const reports: string[] = [];
    const hooks = new HookRegistry()
      .register("PostToolUse", { hooks: [never], timeoutMs: 20 })
      .register("PostToolUse", { hooks: [() => later(60, { updatedOutput: "tampered" })], timeoutMs: 20 });
    const { message } = await runOne(hooks, (error) => void reports.push((error as Error).message));
    expect(message.content).toBe('write_file ran with {"path":"a"}');
    expect(reports).toHaveLength(2);
    expect(reports[0]).toContain("did not answer within 20 ms");
  });

  test("an onHookError that itself throws breaks nothing", async () => {
    const hooks = new HookRegistry().register("PermissionDenied", {
      hooks: [() => {
        throw new Error("observer down");
      }],
    }).register("PreToolUse", { hooks: [() => ({ decision: "deny", reason: "no" })] });
    const { message } = await runOne(hooks, () => {
      throw new Error("the error handler is broken too");
    });
    expect(message.content).toContain("no");
  });

  test("by default hook failures are reported with console.warn", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const hooks = new HookRegistry().register("PostToolBatch", {
        hooks: [() => {
          throw new Error("metrics down");
        }],
      });
      await runOne(hooks);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("PostToolBatch"), "metrics down");
    } finally {
      warn.mockRestore();
    }
  });
});
