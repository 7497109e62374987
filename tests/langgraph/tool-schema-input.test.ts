// Contract test for src/langgraph/tool-schema-input.ts: what LangChain core's string tools hand
// their schema for a string (or missing) input.
import { DynamicStructuredTool, DynamicTool, tool } from "@langchain/core/tools";
import { z } from "zod";
import { validateToolArguments } from "../../src/decisions/tool-arguments.js";
import { toolSchemaInput } from "../../src/langgraph/index.js";

describe("LangChain's string tools, as src/langgraph/tool-schema-input.ts reads them", () => {
  const received: unknown[] = [];
  const shell = new DynamicTool({ name: "shell", description: "runs a command", func: async (command) => (received.push(command), "ran") });

  test("a DynamicTool runs a bare string tool call with that string, and its schema accepts only the { input } form", async () => {
    await shell.invoke({ name: "shell", args: "ls /tmp" as never, id: "c1", type: "tool_call" });
    expect(received).toEqual(["ls /tmp"]);
    expect(toolSchemaInput(shell, "ls /tmp")).toEqual({ input: "ls /tmp" });
    expect(await validateToolArguments(shell, toolSchemaInput(shell, "ls /tmp"))).toEqual([]);
    expect(await validateToolArguments(shell, "ls /tmp")).not.toEqual([]);
  });

  test("tool() with a string schema makes such a tool, recognised by class name (as a second copy of @langchain/core would be)", async () => {
    const echo = tool(async (text: string) => text, { name: "echo", description: "echo", schema: z.string() });
    expect(echo).toBeInstanceOf(DynamicTool);
    const chain: string[] = [];
    for (let proto = Object.getPrototypeOf(echo); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) chain.push(proto.constructor.name);
    expect(chain).toContain("Tool");
    expect(toolSchemaInput(echo, undefined)).toEqual({ input: undefined });
  });

  test("a structured tool's schema sees the arguments as sent", () => {
    const remove = new DynamicStructuredTool({ name: "rm", description: "rm", schema: z.object({ path: z.string() }), func: async () => "ok" });
    expect(toolSchemaInput(remove, "a string")).toBe("a string");
    expect(toolSchemaInput(remove, { path: "/tmp" })).toEqual({ path: "/tmp" });
    expect(toolSchemaInput(shell, { input: "ls" })).toEqual({ input: "ls" });
  });
});
