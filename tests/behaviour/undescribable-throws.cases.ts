// JavaScript can throw anything, and `String()` throws for some values; an object can throw when
// it is read (a getter, a proxy trap). A hook or a tool's schema that throws such a value, or a
// hook whose answer throws when read, must still fail closed: the call is blocked or the edit
// refused with a typed error, never a raw error that escapes — and on a resume pass never one that
// leaves the run stuck (LangGraph hands the task the value it consumed on every later pass).
import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { HookRegistry, getInterrupt, isHITLError, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

/** Values `String()` cannot turn into text, and an Error whose message cannot be read. */
const UNDESCRIBABLE: Array<[string, () => unknown]> = [
  ["an object without a prototype", () => Object.create(null)],
  ["an object whose toString throws", () => ({ toString: () => { throw new Error("no text"); } })],
  [
    "an Error whose message getter throws",
    () => Object.defineProperty(new Error("x"), "message", { get: () => { throw new Error("no text"); } }),
  ],
];

/** PreToolUse answers that throw when read, or whose updatedInput JSON cannot hold. */
const UNREADABLE_ANSWERS: Array<[string, (decision: "allow" | "ask") => unknown]> = [
  ["a decision getter that throws", () => ({ get decision(): string { throw new Error("no decision"); } })],
  ["an updatedInput getter that throws", (decision) => ({ decision, updatedInput: { get path(): string { throw new Error("no path"); } } })],
  ["an updatedInput proxy whose ownKeys trap throws", (decision) => ({ decision, updatedInput: new Proxy({ path: "/srv/x" }, { ownKeys: () => { throw new Error("no keys"); } }) })],
  ["a BigInt in updatedInput", (decision) => ({ decision, updatedInput: { path: "/srv/x", size: 10n } })],
];

export const undescribableThrowCases: BehaviourCases = (saver, adapter) => {
  describe("a PreToolUse answer that cannot be read as data denies the call", () => {
    test.each(UNREADABLE_ANSWERS.flatMap(([what, answer]) => (["allow", "ask"] as const).map((decision) => [what, decision, answer] as const)))(
      "%s (decision %s): policy_failure on the first pass, nothing runs",
      async (_what, decision, answer) => {
        const target = countingTool("delete_file");
        const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => answer(decision) as never] });
        const node = adapter.approvals([target.tool], { hooks, onHookError: () => undefined });
        const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/srv/a" }, id: "d1" }], await saver());
        const result = await graph.invoke(ask(), newThread("unreadable-answer"));
        expect(interruptsOf(result)).toEqual([]);
        expect(toolMessages(result).map((message) => message.additional_kwargs["hitl"])).toEqual([expect.objectContaining({ decision: "deny", source: "policy_failure" })]);
        expect(target.count).toBe(0);
      },
    );

    test("on the reviewed pass (an edit screened again) such an answer blocks the edited call; the approval is answered, nothing runs", async () => {
      const target = countingTool("delete_file");
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ reviewed }) => (reviewed ? { decision: "allow" as const, updatedInput: { get path(): string { throw new Error("no path"); } } } : { decision: "ask" as const })] });
      const node = adapter.approvals([target.tool], { hooks, onHookError: () => undefined });
      const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/srv/a" }, id: "d1" }], await saver());
      const config = newThread("unreadable-reviewed");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      const { values, status } = await resume(graph, config, [{ type: "edit", updatedInput: { path: "/srv/b" } }], { interruptId: pending.interruptId });
      expect(status).toBe("applied");
      expect(target.count).toBe(0);
      expect(toolMessages(values)[0]?.content).toContain("policy hook failed");
    });

    test("a Date in updatedInput is taken as its ISO text: the reviewer is shown it and the approved call runs with it", async () => {
      const target = countingTool("delete_file", { schema: z.object({ path: z.string(), at: z.string().optional() }) });
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ toolInput }) => ({ decision: "ask" as const, updatedInput: { ...(toolInput as object), at: new Date("2026-01-02T03:04:05.000Z") } })] });
      const node = adapter.approvals([target.tool], { hooks });
      const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/srv/a" }, id: "d1" }], await saver());
      const config = newThread("date-input");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      expect(pending.payload.action_requests[0]?.args).toEqual({ path: "/srv/a", at: "2026-01-02T03:04:05.000Z" });
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      expect(target.runs).toEqual([{ path: "/srv/a", at: "2026-01-02T03:04:05.000Z" }]);
    });
  });

  describe("a hook or schema that throws a value with no text form still fails closed", () => {
    test.each(UNDESCRIBABLE)("a PreToolUse hook throwing %s blocks the call with policy_failure, on the first pass and on the reviewed pass", async (_what, thrown) => {
      const target = countingTool("delete_file");
      let passes = 0;
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ((passes += 1) === 1 ? { decision: "ask" as const } : (() => { throw thrown(); })())] });
      const node = adapter.approvals([target.tool], { hooks, onHookError: () => undefined });
      const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/srv/a" }, id: "d1" }], await saver());
      const config = newThread("undescribable-hook");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      const { values, status } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      expect(status).toBe("applied");
      expect(target.count).toBe(0);
      const [message] = toolMessages(values);
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "deny", source: "policy_failure" });
      expect(message?.content).toContain("a thrown value that cannot be shown as text");

      const first = await adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/srv/b" }, id: "d2" }], await saver()).graph.invoke(ask(), newThread("undescribable-first"));
      expect(toolMessages(first)[0]?.additional_kwargs["hitl"]).toMatchObject({ source: "policy_failure" });
      expect(target.count).toBe(0);
    });

    test.each(UNDESCRIBABLE)("a schema throwing %s on an edit refuses it as INVALID_EDIT, from resume() and from a raw Command; the approval stays resumable", async (_what, thrown) => {
      const runs: unknown[] = [];
      const store = tool(async (input) => (runs.push(input), "stored"), {
        name: "store",
        description: "stores a note",
        schema: z.object({ note: z.string().transform((note) => { if (note === "boom") throw thrown(); return note; }) }),
      });
      const node = adapter.approvals([store], { interruptOn: { store: true } });
      const { graph } = adapter.agentGraph(node, [{ name: "store", args: { note: "hi" }, id: "s1" }], await saver());
      const config = newThread("undescribable-schema");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const edit = [{ type: "edit", updatedInput: { note: "boom" } }];
      const refused = await resume(graph, config, edit as never, { interruptId: pending.interruptId }).catch((e: unknown) => e);
      expect(isHITLError(refused, "INVALID_EDIT")).toBe(true);
      const raised = await graph.invoke(new Command({ resume: { [pending.interruptId]: edit } }), config);
      expect((interruptsOf(raised)[0]?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_EDIT");
      const again = (await getInterrupt(graph, config))!;
      const { status } = await resume(graph, config, [{ type: "approve" }], { interruptId: again.interruptId });
      expect(status).toBe("applied");
      expect(runs).toEqual([{ note: "hi" }]);
    });
  });
};
