import { toolArgsSchema } from "../payload/args-schema.js";
import { jsonObjectCopy } from "../payload/json-object-copy.js";
import type { ToolFacts } from "./types.js";

/** The part of a tool its facts are read from (LangChain tools, `RunnableToolLike`, `request.tool`). */
interface DescribedTool {
  description?: unknown;
  schema?: unknown;
  metadata?: unknown;
}

const NONE: ToolFacts = Object.freeze({});
const known = new WeakMap<object, ToolFacts>();

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * A frozen JSON copy of a plain object: what a local hook and a remote backend can both be
 * shown, so a policy decides on the same facts wherever it runs. `undefined` for anything that
 * is not a plain object or does not survive JSON (a cycle, a `BigInt`).
 */
function jsonCopy(value: unknown): Readonly<Record<string, unknown>> | undefined {
  const copy = jsonObjectCopy(value);
  return copy === undefined ? undefined : deepFreeze(copy);
}

function readFacts(tool: DescribedTool): ToolFacts {
  const description = typeof tool.description === "string" && tool.description.length > 0 ? tool.description : undefined;
  // A copy: the converted schema is shared with the approval payload's `args_schema`.
  const schema = jsonCopy(toolArgsSchema(tool.schema));
  const metadata = jsonCopy(tool.metadata);
  return Object.freeze({
    ...(description === undefined ? {} : { toolDescription: description }),
    ...(schema === undefined ? {} : { toolSchema: schema }),
    ...(metadata === undefined ? {} : { toolMetadata: metadata }),
  });
}

/**
 * What hooks are told about a tool besides its name: its description, the JSON Schema of its
 * input and its metadata. Read once per tool object (the first time a call names it), then the
 * same frozen object is handed to every hook of every call, so a hook can neither pay for the
 * conversion per call nor change what the next hook sees.
 *
 * @param tool - The tool a call names, or `undefined` when the node does not have it.
 * @returns The facts, frozen; empty for an unknown tool.
 * @example
 * ```ts
 * toolFacts(deleteFile); // { toolDescription: "Deletes a file", toolSchema: { type: "object", … }, toolMetadata: { risk: "high" } }
 * ```
 */
export function toolFacts(tool: object | undefined): ToolFacts {
  if (tool === undefined) return NONE;
  let facts = known.get(tool);
  if (facts === undefined) {
    facts = readFacts(tool as DescribedTool);
    known.set(tool, facts);
  }
  return facts;
}
