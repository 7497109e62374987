import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { HookRegistry, type PreToolUseInput } from "../../src/index.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

/** A tool whose schema can only be checked asynchronously (an `async` refinement). */
function asyncSchemaTool(schema: "v4" | "v3", ran: number[]) {
  const positive = async (value: { n: number }) => value.n > 0;
  const shape = schema === "v4" ? z.object({ n: z.number() }).refine(positive, { message: "n must be positive" }) : z3.object({ n: z3.number() }).refine(positive, { message: "n must be positive" });
  return tool(
    async ({ n }: { n: number }) => {
      ran.push(n);
      return `ran ${n}`;
    },
    { name: "count", description: "counts", schema: shape as never },
  );
}

/** A tool that records the arguments it ran with. */
function echoTool(ran: unknown[]) {
  return tool(
    async (args: Record<string, unknown>) => {
      ran.push(args);
      return "ok";
    },
    { name: "echo", description: "echoes", schema: z.record(z.string(), z.unknown()) },
  );
}

export const screeningPathCases: BehaviourCases = (saver, adapter) => {
  describe("screening answers at once when it can, and judges exactly as before when it cannot", () => {
    test.each(["v4", "v3"] as const)("a tool whose zod %s schema is asynchronous still has every call checked before any hook or run", async (version) => {
      const ran: number[] = [];
      const shown: string[] = [];
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [(input) => void shown.push(input.toolCallId)] });
      const { graph } = adapter.agentGraph(adapter.approvals([asyncSchemaTool(version, ran)], { hooks }), [
        { name: "count", args: { n: -1 }, id: "bad" },
        { name: "count", args: { n: 2 }, id: "good" },
      ], await saver());
      const messages = toolMessages(await graph.invoke(ask(), newThread()));
      expect(messages.map((message) => [message.tool_call_id, message.status])).toEqual([["bad", "error"], ["good", "success"]]);
      expect(String(messages[0]?.content)).toContain("n must be positive");
      expect(shown).toEqual(["good"]);
      expect(ran).toEqual([2]);
    });

    test("synchronous and asynchronous hooks fold in registration order, each seeing the input the one before left", async () => {
      const ran: unknown[] = [];
      const order: string[] = [];
      const hooks = new HookRegistry().register("PreToolUse", {
        hooks: [
          (input) => {
            order.push(`sync-1 ${input.toolCallId}`);
            return { updatedInput: { ...(input.toolInput as object), first: true } };
          },
          async (input) => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            order.push(`async-2 ${input.toolCallId}`);
            return { updatedInput: { ...(input.toolInput as object), second: (input.toolInput as { first?: boolean }).first === true } };
          },
          (input) => {
            order.push(`sync-3 ${input.toolCallId}`);
            return (input.toolInput as { second?: boolean }).second === true ? { decision: "allow" } : { decision: "deny", reason: "saw the wrong input" };
          },
        ],
      });
      const { graph } = adapter.agentGraph(adapter.approvals([echoTool(ran)], { hooks }), [
        { name: "echo", args: { a: 1 }, id: "e1" },
        { name: "echo", args: { b: 2 }, id: "e2" },
      ], await saver());
      const result = await graph.invoke(ask(), newThread());

      expect(toolMessages(result).map((message) => message.status)).toEqual(["success", "success"]);
      expect(ran).toEqual([{ a: 1, first: true, second: true }, { b: 2, first: true, second: true }]);
      for (const id of ["e1", "e2"]) expect(order.filter((entry) => entry.endsWith(id))).toEqual([`sync-1 ${id}`, `async-2 ${id}`, `sync-3 ${id}`]);
    });

    test("every hook gets its own copy of what a model can send — __proto__ keys, nested arrays, dates — and the call runs with the arguments as sent", async () => {
      const ran: unknown[] = [];
      const seen: unknown[] = [];
      const args = JSON.parse('{"__proto__": {"polluted": true}, "list": [1, [2, {"x": null}]], "text": "t", "n": -0}') as Record<string, unknown>;
      const mutate = (input: PreToolUseInput): undefined => {
        seen.push(structuredClone(input.toolInput));
        const value = input.toolInput as Record<string, unknown>;
        (value["list"] as unknown[]).push("added by a hook");
        value["text"] = "changed by a hook";
        return undefined;
      };
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [mutate, mutate] });
      const { graph } = adapter.agentGraph(adapter.approvals([echoTool(ran)], { hooks }), [{ name: "echo", args, id: "p1" }], await saver());
      await graph.invoke(ask(), newThread());

      const expected = structuredClone(args);
      // Each hook saw the model's arguments, not what the hook before it did to its own copy.
      expect(seen).toEqual([expected, expected]);
      expect(Object.prototype.hasOwnProperty.call(seen[0], "__proto__")).toBe(true);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      expect(ran).toHaveLength(1);
      expect((ran[0] as { text: string }).text).toBe("t");
      expect((ran[0] as { list: unknown[] }).list).toEqual([1, [2, { x: null }]]);
    });

    test("a bare { decision } answer and a misspelt one are told apart: the first decides, the second fails the call closed", async () => {
      const ran: unknown[] = [];
      const errors: string[] = [];
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [(input) => (input.toolCallId === "ok" ? { decision: "allow" } : ({ decision: "alow" } as never))] });
      const { graph } = adapter.agentGraph(
        adapter.approvals([echoTool(ran)], { hooks, onHookError: (error) => void errors.push(error instanceof Error ? error.message : String(error)) }),
        [
          { name: "echo", args: { q: 1 }, id: "ok" },
          { name: "echo", args: { q: 2 }, id: "typo" },
        ],
        await saver(),
      );
      const result = await graph.invoke(ask(), newThread());

      expect(toolMessages(result).map((message) => [message.tool_call_id, message.status])).toEqual([["ok", "success"], ["typo", "error"]]);
      expect(ran).toEqual([{ q: 1 }]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("decision");
    });
  });
};

export const failingSchemaCases: BehaviourCases = (saver, adapter) => {
  test.each(["v4", "v3"] as const)("a zod %s refinement that throws fails the call's arguments: no hook is shown it and it never runs", async (version) => {
    const ran: number[] = [];
    const shown: string[] = [];
    const explode = (value: { n: number }): boolean => {
      if (value.n < 0) throw new Error("cannot judge a negative n");
      return true;
    };
    const schema = version === "v4" ? z.object({ n: z.number() }).refine(explode) : z3.object({ n: z3.number() }).refine(explode);
    const counter = tool(
      async ({ n }: { n: number }) => {
        ran.push(n);
        return `ran ${n}`;
      },
      { name: "count", description: "counts", schema: schema as never },
    );
    const hooks = new HookRegistry().register("PreToolUse", { hooks: [(input) => void shown.push(input.toolCallId)] });
    const { graph } = adapter.agentGraph(adapter.approvals([counter], { hooks }), [
      { name: "count", args: { n: -1 }, id: "bad" },
      { name: "count", args: { n: 3 }, id: "good" },
    ], await saver());
    const messages = toolMessages(await graph.invoke(ask(), newThread()));

    expect(messages.map((message) => [message.tool_call_id, message.status])).toEqual([["bad", "error"], ["good", "success"]]);
    expect(String(messages[0]?.content)).toContain("cannot judge a negative n");
    expect(shown).toEqual(["good"]);
    expect(ran).toEqual([3]);
  });
};
