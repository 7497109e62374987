import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { HookRegistry, type PreToolUseInput } from "../../src/index.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

type Refinement = (value: { n: number }) => boolean | Promise<boolean>;

/** `count(n)`, its zod 4 or zod 3 schema refined by `refinement`. */
function countTool(version: "v4" | "v3", refinement: Refinement, ran: number[]) {
  const schema = version === "v4" ? z.object({ n: z.number() }).refine(refinement, { message: "n must be positive" }) : z3.object({ n: z3.number() }).refine(refinement, { message: "n must be positive" });
  return tool(
    async ({ n }: { n: number }) => {
      ran.push(n);
      return `ran ${n}`;
    },
    { name: "count", description: "counts", schema: schema as never },
  );
}

/** Runs `count(-1)` (id "bad") and `count(3)` (id "good") through a screening hook; what came out, what hooks saw, what ran. */
async function countBadAndGood(saver: Parameters<BehaviourCases>[0], adapter: Parameters<BehaviourCases>[1], version: "v4" | "v3", refinement: Refinement) {
  const ran: number[] = [];
  const shown: string[] = [];
  const hooks = new HookRegistry().register("PreToolUse", { hooks: [(input) => void shown.push(input.toolCallId)] });
  const { graph } = adapter.agentGraph(adapter.approvals([countTool(version, refinement, ran)], { hooks }), [
    { name: "count", args: { n: -1 }, id: "bad" },
    { name: "count", args: { n: 3 }, id: "good" },
  ], await saver());
  const messages = toolMessages(await graph.invoke(ask(), newThread()));
  return { outcomes: messages.map((message) => [message.tool_call_id, message.status]), firstText: String(messages[0]?.content), shown, ran };
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
      const seen = await countBadAndGood(saver, adapter, version, async (value) => value.n > 0);
      expect(seen.outcomes).toEqual([["bad", "error"], ["good", "success"]]);
      expect(seen.firstText).toContain("n must be positive");
      expect(seen.shown).toEqual(["good"]);
      expect(seen.ran).toEqual([3]);
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
    const explode: Refinement = (value) => {
      if (value.n < 0) throw new Error("cannot judge a negative n");
      return true;
    };
    const seen = await countBadAndGood(saver, adapter, version, explode);
    expect(seen.outcomes).toEqual([["bad", "error"], ["good", "success"]]);
    expect(seen.firstText).toContain("cannot judge a negative n");
    expect(seen.shown).toEqual(["good"]);
    expect(seen.ran).toEqual([3]);
  });
};
