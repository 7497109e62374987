import { Validator } from "@langchain/core/utils/json_schema";
import { interopSafeParseAsync, isInteropZodSchema } from "@langchain/core/utils/types";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { issueDetails } from "../errors/issue-details.js";

/** The part of a LangChain tool this library reads: its name and its input schema. */
export interface ToolLike {
  name: string;
  schema?: unknown;
}

interface ZodLikeIssue {
  path?: PropertyKey[];
  message: string;
}

/**
 * Checks arguments against a tool's input schema without running the tool — the same
 * check LangChain makes before a tool body runs (zod v3/v4 or JSON Schema).
 *
 * @param tool - The tool (only its `schema` is read).
 * @param args - The input to check, of any type (an edit's object, or a model's arguments as sent).
 * @param toolCallId - Put on every detail, when given.
 * @param prefix - Where `args` sits in the value the details describe. Default: `["updatedInput"]`.
 * @returns One detail per schema problem; empty when the arguments fit.
 * @example
 * ```ts
 * await validateToolArguments({ name: "rm", schema: z.object({ path: z.string() }) }, { path: 3 }, "c1");
 * // [{ toolCallId: "c1", path: ["updatedInput", "path"], message: "path: Invalid input: expected string, received number", received: 3 }]
 * ```
 */
export async function validateToolArguments(
  tool: ToolLike,
  args: unknown,
  toolCallId?: string,
  prefix: ReadonlyArray<string | number> = ["updatedInput"],
): Promise<HITLErrorDetail[]> {
  const schema = tool.schema;
  if (schema === undefined || schema === null) return [];
  const base = toolCallId === undefined ? {} : { toolCallId };
  if (isInteropZodSchema(schema)) {
    const result = await interopSafeParseAsync(schema, args);
    if (result.success) return [];
    const issues = (result.error as { issues?: ZodLikeIssue[] }).issues ?? [];
    return issueDetails(issues, { prefix, extra: (issue) => ({ ...base, message: `${describePath(issue.path)}: ${issue.message}`, ...receivedAt(args, issue.path ?? []) }) });
  }
  if (typeof schema === "object") {
    // The validator throws on a value JSON has no word for (a missing input): that is a refusal, not a crash.
    if (args === undefined) return [{ ...base, path: [...prefix], message: "arguments: a value is required" }];
    const outcome = new Validator(schema as never, "2020-12", false).validate(args);
    if (outcome.valid) return [];
    return outcome.errors
      .filter((error) => error.keyword !== "properties")
      .map((error) => {
        const segments = jsonPointerSegments(error.instanceLocation);
        // The validator's own words name no field ("0 is less than 1."): the field is put in front.
        return { ...base, path: [...prefix, ...segments], message: `${describePath(segments)}: ${error.error}`, ...receivedAt(args, segments) };
      });
  }
  return [];
}

/** `{ received }` with the value found at `path` inside `args`, or nothing when there is none there. */
function receivedAt(args: unknown, path: readonly PropertyKey[]): { received?: unknown } {
  let inner: unknown = args;
  for (const key of path) {
    if (typeof inner !== "object" || inner === null) return {};
    inner = (inner as Record<PropertyKey, unknown>)[key];
  }
  return inner === undefined ? {} : { received: inner };
}

function describePath(path: readonly PropertyKey[] | undefined): string {
  if (path === undefined || path.length === 0) return "arguments";
  return path.map(String).join(".");
}

function jsonPointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#?\/?/, "")
    .split("/")
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}
