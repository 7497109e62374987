import { Tool } from "@langchain/core/tools";

// LangChain core's `Tool` (the base of `DynamicTool` and of every string tool) hands its schema
// `{ input }` for a string or missing input (tools/index.ts, `Tool.call`), so a string tool's
// schema never sees the bare string. tests/langgraph/tool-schema-input.test.ts fails if a release
// changes that, or the class name it is recognised by.
const STRING_TOOL_CLASS = "Tool";

/** Whether the tool is a LangChain `Tool`; by class name too, so it holds when two copies of `@langchain/core` are loaded. */
function isStringTool(tool: object): boolean {
  if (tool instanceof Tool) return true;
  for (let proto: unknown = Object.getPrototypeOf(tool); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    if ((proto as { constructor?: { name?: unknown } }).constructor?.name === STRING_TOOL_CLASS) return true;
  }
  return false;
}

/**
 * What a tool's schema sees for the arguments `args`, exactly as the tool's own `invoke` hands
 * it over: `{ input: args }` for a string tool given a string or nothing, `args` otherwise.
 *
 * @param tool - The tool the call names.
 * @param args - `call.args`, as the model sent them.
 * @example
 * ```ts
 * toolSchemaInput(new DynamicTool({ name: "sh", description: "", func }), "ls"); // { input: "ls" }
 * ```
 */
export function toolSchemaInput(tool: object, args: unknown): unknown {
  // The cheap test first: most calls carry an object, and walking the prototype chain is not free.
  return (typeof args === "string" || args == null) && isStringTool(tool) ? { input: args } : args;
}
