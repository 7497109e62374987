import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { HookRegistry, getInterrupt, isHITLError, resume, type ToolApprovalDecision, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages, interruptsOf } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

async function pausedOn(saver: SaverFactory, adapter: Adapter, options: { hooks?: HookRegistry; calls?: Array<{ name: string; args: Record<string, unknown>; id: string }> } = {}) {
  const target = countingTool("delete_file", { schema: z.object({ path: z.string().min(1), force: z.boolean().optional() }) });
  const other = countingTool("read_file");
  const node = adapter.approvals([target.tool, other.tool], {
    interruptOn: { delete_file: true, read_file: true },
    onHookError: () => undefined,
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
  });
  const calls = options.calls ?? [{ name: "delete_file", args: { path: "/tmp/a" }, id: "del" }];
  const { graph } = adapter.agentGraph(node, calls, await saver());
  const config = newThread();
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  return { graph, config, target, other, interruptId: pending!.interruptId };
}

/** An agent paused on one `sum` call, a tool with a plain JSON Schema (`{ nums: number[] }`); `runs` gets what it ran with. */
async function pausedOnSum(saver: SaverFactory, adapter: Adapter, runs: unknown[]) {
  const schema = { type: "object", properties: { nums: { type: "array", items: { type: "number" } } } } as const;
  const sum = tool(async (input) => (runs.push(input), "summed"), { name: "sum", description: "sums numbers", schema: schema as never });
  const node = adapter.approvals([sum as never], { interruptOn: { sum: true } });
  const { graph } = adapter.agentGraph(node, [{ name: "sum", args: { nums: [1] }, id: "n1" }], await saver());
  const config = newThread("sum");
  await graph.invoke(ask(), config);
  const { interruptId } = (await getInterrupt(graph, config))!;
  return { graph, config, interruptId };
}

export const decisionCases: BehaviourCases = (saver, adapter) => {
  describe("each decision, applied", () => {
    test("approve runs the tool once with the reviewed arguments and records the decision", async () => {
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId, reviewer: { id: "u1", name: "Ada" }, comment: "fine" });
      expect(target.runs).toEqual([{ path: "/tmp/a" }]);
      const [message] = toolMessages(values);
      expect(message?.status).toBe("success");
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", source: "reviewer", reviewer: { id: "u1", name: "Ada" }, comment: "fine" });
    });

    test("edit runs the tool with updatedInput instead of the model's arguments", async () => {
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter);
      const { values } = await resume(graph, config, [{ type: "edit", updatedInput: { path: "/tmp/b", force: true } }], { interruptId });
      expect(target.runs).toEqual([{ path: "/tmp/b", force: true }]);
      expect(toolMessages(values)[0]?.additional_kwargs["hitl"]).toMatchObject({ decision: "edit" });
    });

    test("reject runs nothing and yields an error ToolMessage that names the tool, says it was not executed, and carries the reason", async () => {
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter);
      const { values } = await resume(graph, config, [{ type: "reject", reason: "too risky" }], { interruptId });
      expect(target.count).toBe(0);
      const [message] = toolMessages(values);
      expect(message?.status).toBe("error");
      expect(message?.content).toContain('"delete_file"');
      expect(message?.content).toContain("not executed");
      expect(message?.content).toContain("too risky");
    });

    test("respond runs nothing and yields a successful ToolMessage whose content is responseText", async () => {
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter);
      const { values } = await resume(graph, config, [{ type: "respond", responseText: "the file is already gone" }], { interruptId });
      expect(target.count).toBe(0);
      const [message] = toolMessages(values);
      expect(message?.status).toBe("success");
      expect(message?.content).toBe("the file is already gone");
    });

    test("a deny from a hook yields an error ToolMessage with the hook's reason and never asks", async () => {
      const tool = countingTool("delete_file");
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [() => ({ decision: "deny", reason: "outside the sandbox" })] });
      const node = adapter.approvals([tool.tool], { hooks, interruptOn: { delete_file: true } });
      const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/etc" } }], await saver());
      const result = await graph.invoke(ask(), newThread());
      expect(interruptsOf(result)).toEqual([]);
      expect(tool.count).toBe(0);
      const [message] = toolMessages(result);
      expect(message?.status).toBe("error");
      expect(message?.content).toContain("outside the sandbox");
    });

    test("a reject never stops the approved calls of the same batch from running", async () => {
      const calls = [
        { name: "read_file", args: { path: "1" }, id: "r1" },
        { name: "delete_file", args: { path: "2" }, id: "d1" },
        { name: "read_file", args: { path: "3" }, id: "r2" },
      ];
      const { graph, config, target, other, interruptId } = await pausedOn(saver, adapter, { calls });
      const { values } = await resume(graph, config, [{ type: "approve" }, { type: "reject" }, { type: "approve" }], { interruptId });
      expect(other.runs).toEqual([{ path: "1" }, { path: "3" }]);
      expect(target.count).toBe(0);
      expect(toolMessages(values).map((m) => m.status)).toEqual(["success", "error", "success"]);
    });
  });

  describe("edits are checked and screened again", () => {
    test("an edit that fails the tool's schema is refused by resume() with INVALID_EDIT, one detail per schema issue, and nothing is submitted", async () => {
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter);
      const error = await resume(graph, config, [{ type: "edit", updatedInput: { path: "", force: "yes" } }], { interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_EDIT")).toBe(true);
      const details = isHITLError(error) ? error.details : [];
      expect(details.map((d) => [d.toolCallId, d.path])).toEqual([
        ["del", ["updatedInput", "path"]],
        ["del", ["updatedInput", "force"]],
      ]);
      expect(target.count).toBe(0);
      expect((await getInterrupt(graph, config))?.interruptId).toBe(interruptId);
    });

    test("an edit past a JSON Schema tool's maxItems is refused on its size alone — its items are not compared for uniqueItems — by resume() and by a raw Command; the approval stays resumable and a fitting edit runs once", async () => {
      const runs: unknown[] = [];
      const schema = { type: "object", properties: { tags: { type: "array", items: { type: "string" }, maxItems: 10, uniqueItems: true } }, required: ["tags"] } as const;
      const tag = tool(async (input) => (runs.push(input), "tagged"), { name: "tag", description: "tags a record", schema });
      const node = adapter.approvals([tag as never], { interruptOn: { tag: true } });
      const { graph } = adapter.agentGraph(node, [{ name: "tag", args: { tags: ["a"] }, id: "t1" }], await saver());
      const config = newThread("size-bound");
      await graph.invoke(ask(), config);
      const { interruptId } = (await getInterrupt(graph, config))!;
      // 5 000 items and one duplicate: the full check would also report the duplicate, after comparing every pair.
      const tags = [...Array.from({ length: 5_000 }, (_, index) => `t${index}`), "t0"];
      const sizeOnly = [["t1", ["updatedInput", "tags"], "tags: Array has too many items (5001 > 10)."]];
      const error = await resume(graph, config, [{ type: "edit", updatedInput: { tags } }], { interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_EDIT")).toBe(true);
      expect((isHITLError(error) ? error.details : []).map((d) => [d.toolCallId, d.path, d.message])).toEqual(sizeOnly);
      const raised = await graph.invoke(new Command({ resume: { [interruptId]: [{ type: "edit", updatedInput: { tags } }] } }), config);
      const raisedError = (interruptsOf(raised)[0]?.value as ToolApprovalInterruptPayload).error;
      expect(raisedError?.code).toBe("INVALID_EDIT");
      expect(raisedError?.details.map((d) => [d.toolCallId, d.message])).toEqual(sizeOnly.map(([id, , message]) => [id, message]));
      const again = (await getInterrupt(graph, config))!;
      const { status } = await resume(graph, config, [{ type: "edit", updatedInput: { tags: ["b", "c"] } }], { interruptId: again.interruptId });
      expect(status).toBe("applied");
      expect(runs).toEqual([{ tags: ["b", "c"] }]);
    });

    test("an edit past the maxItems of an optional field of a nested model (anyOf with null, $defs and $ref: what pydantic gives an MCP tool) is refused on its size alone, by resume() and by a raw Command; a fitting edit runs once", async () => {
      const runs: unknown[] = [];
      const schema = {
        type: "object",
        $defs: { Filter: { type: "object", properties: { tags: { anyOf: [{ type: "array", items: { type: "string" }, maxItems: 10, uniqueItems: true }, { type: "null" }] } } } },
        properties: { filter: { anyOf: [{ $ref: "#/$defs/Filter" }, { type: "null" }] } },
        required: ["filter"],
      } as const;
      const search = tool(async (input) => (runs.push(input), "found"), { name: "search", description: "searches records", schema: schema as never });
      const node = adapter.approvals([search as never], { interruptOn: { search: true } });
      const { graph } = adapter.agentGraph(node, [{ name: "search", args: { filter: null }, id: "s1" }], await saver());
      const config = newThread("optional-bound");
      await graph.invoke(ask(), config);
      const { interruptId } = (await getInterrupt(graph, config))!;
      // 5 000 tags and one duplicate: the full check would also report the duplicate, after comparing every pair.
      const tags = [...Array.from({ length: 5_000 }, (_, index) => `t${index}`), "t0"];
      const refusal = [
        "filter: Instance does not match any subschemas.",
        "filter.tags: Array has too many items (5001 > 10).",
        'filter.tags: Instance type "array" is invalid. Expected "null".',
        'filter: Instance type "object" is invalid. Expected "null".',
        "filter.tags: Instance does not match any subschemas.",
      ];
      const error = await resume(graph, config, [{ type: "edit", updatedInput: { filter: { tags } } }], { interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_EDIT")).toBe(true);
      expect((isHITLError(error) ? error.details : []).map((d) => d.message)).toEqual(refusal);
      const raised = await graph.invoke(new Command({ resume: { [interruptId]: [{ type: "edit", updatedInput: { filter: { tags } } }] } }), config);
      expect((interruptsOf(raised)[0]?.value as ToolApprovalInterruptPayload).error?.details.map((d) => d.message)).toEqual(refusal);
      const again = (await getInterrupt(graph, config))!;
      const { status } = await resume(graph, config, [{ type: "edit", updatedInput: { filter: { tags: ["a", "b"] } } }], { interruptId: again.interruptId });
      expect(status).toBe("applied");
      expect(runs).toEqual([{ filter: { tags: ["a", "b"] } }]);
    });

    test("an edit with more problems than an error lists is refused with the first 20 and a count, by resume() and in the approval a raw Command raises again", async () => {
      const { graph, config, interruptId } = await pausedOnSum(saver, adapter, []);
      // 30 strings: 30 problems, one per item (the validator's "Items did not match schema." beside each says nothing more, and is left out).
      const edit = [{ type: "edit", updatedInput: { nums: Array.from({ length: 30 }, () => "x") } }];
      const error = await resume(graph, config, edit as never, { interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_EDIT")).toBe(true);
      const details = isHITLError(error) ? error.details : [];
      expect(details).toHaveLength(21);
      expect(details[20]).toEqual({ toolCallId: "n1", message: "10 more problems with this call are not listed", unlisted: 10 });
      const raised = await graph.invoke(new Command({ resume: { [interruptId]: edit } }), config);
      expect((interruptsOf(raised)[0]?.value as ToolApprovalInterruptPayload).error?.details).toEqual(details);
    });

    test("an edit with so many problems that the JSON Schema validator overflows its stack (99 000 wrong items) is still refused as INVALID_EDIT, by resume() and by a raw Command; the approval stays resumable and a fitting edit runs once", async () => {
      const runs: unknown[] = [];
      const { graph, config, interruptId } = await pausedOnSum(saver, adapter, runs);
      const edit = [{ type: "edit", updatedInput: { nums: Array.from({ length: 99_000 }, () => "x") } }];
      const error = await resume(graph, config, edit as never, { interruptId }).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_EDIT")).toBe(true);
      // What the validator threw (on Node 20, 22 and 24 today: "Maximum call stack size exceeded"), or its first problems, bounded.
      const details = isHITLError(error) ? error.details : [];
      expect(details[0]?.toolCallId).toBe("n1");
      expect(details.length).toBeLessThanOrEqual(21);
      const raised = await graph.invoke(new Command({ resume: { [interruptId]: edit } }), config);
      expect((interruptsOf(raised)[0]?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_EDIT");
      const again = (await getInterrupt(graph, config))!;
      const { status } = await resume(graph, config, [{ type: "edit", updatedInput: { nums: [2, 3] } }], { interruptId: again.interruptId });
      expect(status).toBe("applied");
      expect(runs).toEqual([{ nums: [2, 3] }]);
    });

    test("a deny from PreToolUse on the edited arguments blocks the call", async () => {
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "delete_file",
        hooks: [({ toolInput }) => (String((toolInput as Record<string, unknown>)["path"]).startsWith("/etc") ? { decision: "deny", reason: "system path" } : undefined)],
      });
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter, { hooks });
      const { values } = await resume(graph, config, [{ type: "edit", updatedInput: { path: "/etc/passwd" } }], { interruptId });
      expect(target.count).toBe(0);
      expect(toolMessages(values)[0]?.content).toContain("system path");
    });

    test("an ask from PreToolUse on the edited arguments does not pause again", async () => {
      const hooks = new HookRegistry().register("PreToolUse", { matcher: "delete_file", hooks: [() => ({ decision: "ask", reason: "always ask" })] });
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter, { hooks });
      const result = await resume(graph, config, [{ type: "edit", updatedInput: { path: "/tmp/c" } }], { interruptId });
      expect(result.interrupt).toBeUndefined();
      expect(target.runs).toEqual([{ path: "/tmp/c" }]);
    });

    test("a PreToolUse hook that throws on the edited arguments blocks the call", async () => {
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "delete_file",
        hooks: [({ reviewed }) => {
          if (reviewed) throw new Error("policy backend down");
          return undefined;
        }],
      });
      const { graph, config, target, interruptId } = await pausedOn(saver, adapter, { hooks });
      const { values } = await resume(graph, config, [{ type: "edit", updatedInput: { path: "/tmp/c" } }], { interruptId });
      expect(target.count).toBe(0);
      expect(toolMessages(values)[0]?.content).toContain("policy hook failed");
    });
  });

  describe("every decision type against every allowed-decisions setting", () => {
    const decisions: Record<string, ToolApprovalDecision> = {
      approve: { type: "approve" },
      edit: { type: "edit", updatedInput: { path: "/tmp/z" } },
      reject: { type: "reject", reason: "no" },
      respond: { type: "respond", responseText: "done by hand" },
    };
    const settings: Array<Array<keyof typeof decisions>> = [["approve"], ["approve", "reject"], ["edit", "respond"], ["reject"]];
    const cases = settings.flatMap((allowed) => Object.keys(decisions).map((type) => [allowed.join("+"), type, allowed.includes(type)] as const));

    test.each(cases)("allowed %s, decision %s → accepted: %s", async (allowedText, type, accepted) => {
      const tool = countingTool("delete_file");
      const allowedDecisions = allowedText.split("+") as Array<ToolApprovalDecision["type"]>;
      const node = adapter.approvals([tool.tool], { interruptOn: { delete_file: { allowedDecisions } } });
      const { graph } = adapter.agentGraph(node, [{ name: "delete_file", args: { path: "/tmp/a" } }], await saver());
      const config = newThread();
      await graph.invoke(ask(), config);
      const outcome = await resume(graph, config, [decisions[type]!]).then(
        () => "accepted",
        (error: unknown) => (isHITLError(error, "INVALID_DECISION") ? "refused" : error),
      );
      expect(outcome).toBe(accepted ? "accepted" : "refused");
      const shouldRun = accepted && (type === "approve" || type === "edit");
      expect(tool.count).toBe(shouldRun ? 1 : 0);
    });
  });
};
