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
 * @returns One detail per schema problem; empty when the arguments fit.
 */
export async function validateToolArguments(
  tool: ToolLike,
  args: Record<string, unknown>,
  toolCallId?: string,
): Promise<HITLErrorDetail[]> {
  const schema = tool.schema;
  if (schema === undefined || schema === null) return [];
  const base = toolCallId === undefined ? {} : { toolCallId };
  if (isInteropZodSchema(schema)) {
    const result = await interopSafeParseAsync(schema, args);
    if (result.success) return [];
    const issues = (result.error as { issues?: ZodLikeIssue[] }).issues ?? [];
    return issueDetails(issues, { prefix: ["updatedInput"], extra: (issue) => ({ ...base, message: `${describePath(issue.path)}: ${issue.message}` }) });
  }
  if (typeof schema === "object") {
    const outcome = new Validator(schema as never, "2020-12", false).validate(args);
    if (outcome.valid) return [];
    return outcome.errors
      .filter((error) => error.keyword !== "properties")
      .map((error) => ({
        ...base,
        path: ["updatedInput", ...jsonPointerSegments(error.instanceLocation)],
        message: error.error,
      }));
  }
  return [];
}

function describePath(path: PropertyKey[] | undefined): string {
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
