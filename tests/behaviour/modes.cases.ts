import { Command, MessagesAnnotation, START, END, StateGraph, interrupt } from "@langchain/langgraph";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode, HookRegistry, getInterrupt, resume } from "../../src/index.js";
import { aiCalls, ask, countingTool, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import { testWhere, type BehaviourCases } from "./harness.js";

export const modeCases: BehaviourCases = (saver, adapter) => {
  describe("human in the loop disabled", () => {
    test("an ask becomes a blocked error ToolMessage, no interrupt is raised, and allowed calls run", async () => {
      const allowed = countingTool("read_file");
      const asked = countingTool("delete_file");
      const node = adapter.approvals([allowed.tool, asked.tool], { interruptOn: { delete_file: true }, humanInTheLoop: { enabled: false } });
      const { graph } = adapter.agentGraph(node, [
        { name: "read_file", args: { path: "a" } },
        { name: "delete_file", args: { path: "b" } },
      ], await saver());
      const result = await graph.invoke(ask(), newThread());
      expect(interruptsOf(result)).toEqual([]);
      expect([allowed.count, asked.count]).toEqual([1, 0]);
      const [, blocked] = toolMessages(result);
      expect(blocked?.status).toBe("error");
      expect(blocked?.content).toMatch(/blocked: approval required/i);
      expect(blocked?.content).toContain('"delete_file"');
    });
  });

  describe("ToolNode behaviour stays intact", () => {
    test("a throwing tool becomes an error ToolMessage when handleToolErrors is on (the default)", async () => {
      const failing = countingTool("flaky", { fail: true });
      const node = adapter.approvals([failing.tool], { interruptOn: { flaky: true } });
      const { graph } = adapter.agentGraph(node, [{ name: "flaky", args: { path: "a" } }], await saver());
      const config = newThread();
      await graph.invoke(ask(), config);
      const { values } = await resume(graph, config, [{ type: "approve" }]);
      const [message] = toolMessages(values);
      expect(message?.status).toBe("error");
      expect(message?.content).toContain("flaky exploded");
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve" });
    });

    // `handleToolErrors` is a ToolNode option; createAgent answers tool failures itself.
    testWhere(adapter, ["node"])("with handleToolErrors off a throwing tool fails the run and the approval stays resumable", async () => {
      const failing = countingTool("flaky", { fail: true });
      const node = adapter.approvals([failing.tool], { interruptOn: { flaky: true }, handleToolErrors: false });
      const { graph } = adapter.agentGraph(node, [{ name: "flaky", args: { path: "a" } }], await saver());
      const config = newThread();
      await graph.invoke(ask(), config);
      await expect(resume(graph, config, [{ type: "approve" }])).rejects.toThrow("flaky exploded");
      expect(await getInterrupt(graph, config)).toBeDefined();
    });

    testWhere(adapter, ["node"])("a tool that calls interrupt() itself pauses the run: graph interrupts are rethrown untouched", async () => {
      let runs = 0;
      const confirm = tool(
        async () => {
          runs += 1;
          const answer = interrupt({ custom: "confirm?" }) as { ok: boolean };
          return answer.ok ? "confirmed" : "declined";
        },
        { name: "confirm", description: "asks itself", schema: z.object({}) },
      );
      const node = new ApprovalToolNode([confirm]);
      const graph = new StateGraph(MessagesAnnotation)
        .addNode("tools", node)
        .addEdge(START, "tools")
        .addEdge("tools", END)
        .compile({ checkpointer: await saver() });
      const config = newThread();
      const result = await graph.invoke({ messages: [aiCalls([{ name: "confirm", args: {} }])] }, config);
      expect(interruptsOf(result)[0]?.value).toEqual({ custom: "confirm?" });
      expect(runs).toBe(1);
    });
    test("an approved tool that asks its own question pauses the batch again; answered, it finishes and its approved sibling is not run again", async () => {
      const archive = countingTool("archive");
      let purges = 0;
      const purge = tool(
        async () => {
          purges += 1;
          const answer = interrupt({ custom: "really purge?" }) as { ok: boolean };
          return answer.ok ? "purged" : "kept";
        },
        { name: "purge", description: "asks before purging", schema: z.object({ path: z.string() }) },
      );
      const node = adapter.approvals([archive.tool, purge], { interruptOn: { archive: true, purge: true } });
      const { graph } = adapter.agentGraph(node, [
        { name: "archive", args: { path: "logs" }, id: "a1" },
        { name: "purge", args: { path: "tmp" }, id: "p1" },
      ], await saver());
      const config = newThread("own-question");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      await resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending.interruptId });
      const [question] = (await graph.getState(config)).tasks.flatMap((task) => task.interrupts);
      expect(question?.value).toEqual({ custom: "really purge?" });
      expect([archive.count, purges]).toEqual([1, 1]);
      await graph.invoke(new Command({ resume: { [question!.id!]: { ok: true } } }), config);
      // LangGraph runs a tool that interrupted again from its first line; the finished sibling keeps its committed result.
      expect([archive.count, purges]).toEqual([1, 2]);
      const messages = toolMessages((await graph.getState(config)).values);
      expect(messages.map((message) => [message.tool_call_id, message.content, message.additional_kwargs["hitl"]])).toEqual([
        ["a1", expect.stringContaining("archive ran"), expect.objectContaining({ decision: "approve" })],
        ["p1", "purged", expect.objectContaining({ decision: "approve" })],
      ]);
    });
  });

  describe("policies fold across hooks and interruptOn", () => {
    test("deny beats ask beats allow, whatever the registration order", async () => {
      const tool1 = countingTool("t1");
      const tool2 = countingTool("t2");
      const hooks = new HookRegistry()
        .register("PreToolUse", { hooks: [() => ({ decision: "allow" })] })
        .register("PreToolUse", { matcher: "t1", hooks: [() => ({ decision: "ask", reason: "check" })] })
        .register("PreToolUse", { matcher: "t2", hooks: [() => ({ decision: "deny", reason: "never" })] })
        .register("PreToolUse", { hooks: [() => ({ decision: "allow" })] });
      const node = adapter.approvals([tool1.tool, tool2.tool], { hooks, interruptOn: { t2: true } });
      const { graph } = adapter.agentGraph(node, [
        { name: "t1", args: { path: "a" }, id: "x1" },
        { name: "t2", args: { path: "b" }, id: "x2" },
      ], await saver());
      const config = newThread();
      const result = await graph.invoke(ask(), config);
      const pending = await getInterrupt(graph, config);
      expect(interruptsOf(result)).toHaveLength(1);
      expect(pending?.payload.type === "tool_approval" && pending.payload.action_requests.map((r) => r.tool_call_id)).toEqual(["x1"]);
      const { values } = await resume(graph, config, [{ type: "approve" }]);
      expect(toolMessages(values)[1]?.content).toContain("never");
      expect([tool1.count, tool2.count]).toEqual([1, 0]);
    });

    test("each updatedInput replaces the input the next hook sees, in registration order", async () => {
      const seen: unknown[] = [];
      const target = countingTool("write_file");
      const hooks = new HookRegistry()
        .register("PreToolUse", { hooks: [({ toolInput }) => ({ updatedInput: { path: `${String((toolInput as Record<string, unknown>)["path"])}-1` } })] })
        .register("PreToolUse", {
          hooks: [({ toolInput }) => {
            seen.push(toolInput);
            return { updatedInput: { path: `${String((toolInput as Record<string, unknown>)["path"])}-2` } };
          }],
        });
      const node = adapter.approvals([target.tool], { hooks });
      const { graph } = adapter.agentGraph(node, [{ name: "write_file", args: { path: "p" } }], await saver());
      await graph.invoke(ask(), newThread());
      expect(seen).toEqual([{ path: "p-1" }]);
      expect(target.runs).toEqual([{ path: "p-1-2" }]);
    });

    test("a PreToolUse hook that throws denies the call, saying the policy hook failed and not the tool", async () => {
      const target = countingTool("write_file");
      const hooks = new HookRegistry().register("PreToolUse", {
        hooks: [() => {
          throw new Error("policy db unreachable");
        }],
      });
      const node = adapter.approvals([target.tool], { hooks, onHookError: () => undefined });
      const { graph } = adapter.agentGraph(node, [{ name: "write_file", args: { path: "p" } }], await saver());
      const result = await graph.invoke(ask(), newThread());
      const [message] = toolMessages(result);
      expect(target.count).toBe(0);
      expect(message?.status).toBe("error");
      expect(message?.content).toContain("policy hook failed");
      expect(message?.content).toContain("policy db unreachable");
      expect(message?.content).toContain("not of the tool");
    });
  });
};
