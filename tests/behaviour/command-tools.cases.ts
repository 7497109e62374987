import { ToolMessage } from "@langchain/core/messages";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { HookRegistry, getInterrupt, resume } from "../../src/index.js";
import { ask, failsOnceTool, newThread, toolMessages } from "../support/fixtures.js";
import { testWhere, type BehaviourCases } from "./harness.js";

/**
 * A tool that answers with a `Command` (LangGraph's way for a tool to update state beyond its
 * own message, as handoff tools do) instead of a string: its update carries the call's
 * `ToolMessage`. `runs` counts its executions.
 */
function commandTool(name: string): { tool: StructuredToolInterface; readonly runs: number; readonly paths: string[] } {
  const paths: string[] = [];
  const created = tool(
    async ({ path }: { path: string }, config) => {
      paths.push(path);
      const toolCallId = (config as { toolCall?: { id?: string } }).toolCall?.id ?? "";
      return new Command({ update: { messages: [new ToolMessage({ content: `${name} updated ${path}`, tool_call_id: toolCallId, name })] } });
    },
    { name, description: `The ${name} tool, answering with a Command`, schema: z.object({ path: z.string() }) },
  ) as unknown as StructuredToolInterface;
  return {
    tool: created,
    paths,
    get runs() {
      return paths.length;
    },
  };
}

/** Reviewed tools that answer with a `Command`: the update applies once, with one `ToolMessage` per call. */
export const commandToolCases: BehaviourCases = (saver, adapter) => {
  describe("a reviewed tool that answers with a Command", () => {
    test("approved: it runs once and its update brings the call's one ToolMessage", async () => {
      const handoff = commandTool("handoff");
      const setup = adapter.approvals([handoff.tool], { interruptOn: { handoff: true } });
      const { graph } = adapter.agentGraph(setup, [{ name: "handoff", args: { path: "billing" }, id: "h1" }], await saver());
      const config = newThread("command-approved");
      await graph.invoke(ask(), config);
      expect(handoff.runs).toBe(0);
      const pending = (await getInterrupt(graph, config))!;
      expect((await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId })).status).toBe("applied");
      expect(handoff.runs).toBe(1);
      const messages = toolMessages((await graph.getState(config)).values);
      expect(messages.map((message) => [message.tool_call_id, message.content])).toEqual([["h1", "handoff updated billing"]]);
      // Who approved it is recorded on the message the Command carries, as on any reviewed call's.
      expect(messages[0]?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", source: "reviewer", interruptId: pending.interruptId });
    });

    test("edited: it runs with the edited arguments, and its message tells the model what ran instead", async () => {
      const handoff = commandTool("handoff");
      const setup = adapter.approvals([handoff.tool], { interruptOn: { handoff: true } });
      const { graph } = adapter.agentGraph(setup, [{ name: "handoff", args: { path: "billing" }, id: "h1" }], await saver());
      const config = newThread("command-edited");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      await resume(graph, config, [{ type: "edit", updatedInput: { path: "support" } }], { interruptId: pending.interruptId });
      expect(handoff.paths).toEqual(["support"]);
      const [message] = toolMessages((await graph.getState(config)).values);
      expect(message?.content).toMatch(/^handoff updated support\n\nExecuted instead: handoff with arguments \{"path":"support"\}/);
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "edit", notice: expect.stringContaining("Executed instead") });
    });

    test("a PostToolUse hook reads the message the Command carries, and its context reaches the model on it", async () => {
      const handoff = commandTool("handoff");
      const seen: string[] = [];
      const hooks = new HookRegistry().register("PostToolUse", { hooks: [({ toolOutput }) => (seen.push(toolOutput), { additionalContext: "billing is staffed until 18:00" })] });
      const setup = adapter.approvals([handoff.tool], { interruptOn: { handoff: true }, hooks });
      const { graph } = adapter.agentGraph(setup, [{ name: "handoff", args: { path: "billing" }, id: "h1" }], await saver());
      const config = newThread("command-observed");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
      expect(seen).toEqual(["handoff updated billing"]);
      const [message] = toolMessages((await graph.getState(config)).values);
      expect(message?.content).toBe("handoff updated billing\n\nbilling is staffed until 18:00");
    });

    test("rejected: it never runs, and the call gets one blocked ToolMessage", async () => {
      const handoff = commandTool("handoff");
      const setup = adapter.approvals([handoff.tool], { interruptOn: { handoff: true } });
      const { graph } = adapter.agentGraph(setup, [{ name: "handoff", args: { path: "billing" }, id: "h1" }], await saver());
      const config = newThread("command-rejected");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      await resume(graph, config, [{ type: "reject", reason: "not now" }], { interruptId: pending.interruptId });
      expect(handoff.runs).toBe(0);
      const messages = toolMessages((await graph.getState(config)).values);
      expect(messages.map((message) => [message.tool_call_id, message.status])).toEqual([["h1", "error"]]);
    });

    // `handleToolErrors` is a ToolNode option; createAgent answers tool failures itself.
    testWhere(adapter, ["node"])("its committed Command is what completes the batch after a sibling threw: it does not run again, and its update applies once", async () => {
      const handoff = commandTool("handoff");
      const ship = failsOnceTool("ship", "shipped");
      const setup = adapter.approvals([handoff.tool, ship.tool], { interruptOn: { handoff: true, ship: true }, handleToolErrors: false });
      const calls = [
        { name: "handoff", args: { path: "billing" }, id: "h1" },
        { name: "ship", args: { path: "box" }, id: "s1" },
      ];
      const { graph } = adapter.agentGraph(setup, calls, await saver());
      const config = newThread("command-sibling");
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt(graph, config))!;
      await expect(resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: pending.interruptId })).rejects.toThrow("carrier down");
      expect(handoff.runs).toBe(1);
      const again = (await getInterrupt(graph, config))!;
      expect((await resume(graph, config, [{ type: "approve" }, { type: "approve" }], { interruptId: again.interruptId })).status).toBe("superseded");
      expect(handoff.runs).toBe(1);
      expect(ship.attempts).toBe(2);
      const messages = toolMessages((await graph.getState(config)).values);
      expect(messages.map((message) => [message.tool_call_id, message.content])).toEqual([
        ["h1", "handoff updated billing"],
        ["s1", "shipped"],
      ]);
    });
  });
};
