import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { HookRegistry, createHook, start, type ToolFacts } from "../../src/index.js";
import { ask, newThread } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

function deployTool() {
  return tool(async ({ path }: { path: string }) => `deployed ${path}`, {
    name: "deploy",
    description: "Deploys an application",
    schema: z.object({ path: z.string().describe("the app to deploy") }),
    metadata: { risk: "high", owners: ["ops"], notify: () => "not JSON" },
  });
}

function factsOf(input: ToolFacts): ToolFacts {
  const { toolDescription, toolSchema, toolMetadata } = input;
  return { ...(toolDescription === undefined ? {} : { toolDescription }), ...(toolSchema === undefined ? {} : { toolSchema }), ...(toolMetadata === undefined ? {} : { toolMetadata }) };
}

export const toolFactsCases: BehaviourCases = (saver, adapter) => {
  describe("hooks see the tool's description, input schema and metadata", () => {
    test("PreToolUse, createHook, PostToolUse and PermissionDenied hooks receive them, as JSON, read once per tool and frozen", async () => {
      const seen: Record<string, ToolFacts[]> = { pre: [], control: [], post: [], denied: [] };
      let mutation: unknown;
      const hooks = new HookRegistry()
        .register("PreToolUse", { hooks: [(input) => {
          seen["pre"]!.push(factsOf(input));
          try {
            (input.toolMetadata as Record<string, unknown>)["risk"] = "low";
          } catch (error) {
            mutation = error;
          }
          return input.toolCallId === "d2" ? { decision: "deny", reason: "one deploy at a time" } : undefined;
        }] })
        .use(createHook({ onToolCall: (args) => {
          seen["control"]!.push(factsOf(args));
          return args.tool.run();
        } }))
        .register("PostToolUse", { hooks: [(input) => void seen["post"]!.push(factsOf(input))] })
        .register("PermissionDenied", { hooks: [(input) => void seen["denied"]!.push(factsOf(input))] });
      const { graph } = adapter.agentGraph(adapter.approvals([deployTool()], { hooks }), [
        { name: "deploy", args: { path: "web" }, id: "d1" },
        { name: "deploy", args: { path: "api" }, id: "d2" },
      ], await saver());
      await start(graph, ask(), newThread());

      const pre = seen["pre"]!;
      expect(pre).toHaveLength(2);
      expect(pre[0]).toEqual({
        toolDescription: "Deploys an application",
        toolSchema: expect.objectContaining({ type: "object", properties: { path: { type: "string", description: "the app to deploy" } }, required: ["path"] }),
        // The function is not JSON: it is left out, so local and remote policies see the same facts.
        toolMetadata: { risk: "high", owners: ["ops"] },
      });
      expect(pre[0]?.toolSchema).not.toHaveProperty("$schema");
      // Computed once per tool: every call (and every hook) gets the very same frozen objects.
      expect(pre[1]?.toolSchema).toBe(pre[0]?.toolSchema);
      expect(pre[1]?.toolMetadata).toBe(pre[0]?.toolMetadata);
      expect(Object.isFrozen(pre[0]?.toolMetadata)).toBe(true);
      expect(Object.isFrozen((pre[0]?.toolMetadata as { owners: unknown }).owners)).toBe(true);
      expect(mutation).toBeInstanceOf(TypeError);
      expect(pre[1]?.toolMetadata).toEqual({ risk: "high", owners: ["ops"] });
      expect(seen["control"]![0]).toEqual(pre[0]);
      expect(seen["post"]).toEqual([pre[0]]);
      expect(seen["denied"]).toEqual([pre[0]]);
    });
  });
};
