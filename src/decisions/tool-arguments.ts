import { Validator } from "@langchain/core/utils/json_schema";
import { interopSafeParse, interopSafeParseAsync, isInteropZodSchema } from "@langchain/core/utils/types";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { issueDetails } from "../errors/issue-details.js";
import { thrownText } from "../errors/thrown-text.js";
import { precheckProblems } from "./schema-prechecks.js";

/** The part of a LangChain tool this library reads: its name and its input schema. */
export interface ToolLike {
  name: string;
  schema?: unknown;
}

interface ZodLikeIssue {
  path?: PropertyKey[];
  message: string;
}

/** What a zod parse ended with, as LangChain's interop helpers report it. */
type ZodParse = { success: true } | { success: false; error: unknown };

/**
 * A zod schema's verdict on `args`, synchronously when the schema allows it. A schema with an
 * asynchronous refinement or transform cannot be parsed synchronously (zod 3 throws, zod 4 fails
 * without issues) and is then parsed asynchronously, as LangChain parses a tool's input; so is a
 * parse a refinement threw from. The verdict is the same either way; only a batch of plain
 * schemas skips a turn of the event loop per call.
 */
function parseZod(schema: Parameters<typeof interopSafeParse>[0], args: unknown): ZodParse | Promise<ZodParse> {
  let result: ZodParse;
  try {
    result = interopSafeParse(schema, args);
  } catch {
    // zod 3 throws from a synchronous parse that meets an asynchronous step (or a refinement that throws).
    return parseZodAsync(schema, args);
  }
  // zod 4 reports either (through LangChain's interop) as a failure with no issues.
  return result.success || issuesOf(result.error) !== undefined ? result : parseZodAsync(schema, args);
}

/** The asynchronous parse, a throw included as the failure it is (zod 3 lets a refinement's throw out). */
function parseZodAsync(schema: Parameters<typeof interopSafeParse>[0], args: unknown): Promise<ZodParse> {
  return interopSafeParseAsync(schema, args).then(
    (result): ZodParse => result,
    (error: unknown): ZodParse => ({ success: false, error }),
  );
}

/** The issues of a zod error; `undefined` for anything else a parse failed with (a refinement that threw). */
function issuesOf(error: unknown): ZodLikeIssue[] | undefined {
  const issues = (error as { issues?: unknown } | null | undefined)?.issues;
  return Array.isArray(issues) ? (issues as ZodLikeIssue[]) : undefined;
}

/**
 * Checks arguments against a tool's input schema without running the tool — the same
 * check LangChain makes before a tool body runs (zod v3/v4 or JSON Schema). Answers at once
 * (no promise) unless the schema itself is asynchronous; `await` it either way.
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
export function validateToolArguments(
  tool: ToolLike,
  args: unknown,
  toolCallId?: string,
  prefix: ReadonlyArray<string | number> = ["updatedInput"],
): HITLErrorDetail[] | Promise<HITLErrorDetail[]> {
  const schema = tool.schema;
  if (schema === undefined || schema === null) return [];
  const base = toolCallId === undefined ? {} : { toolCallId };
  if (isInteropZodSchema(schema)) {
    const details = (result: ZodParse): HITLErrorDetail[] => {
      if (result.success) return [];
      const issues = issuesOf(result.error);
      // A schema that failed without saying where (a refinement that threw) still fails the arguments: fail closed.
      if (issues === undefined || issues.length === 0) return [{ ...base, path: [...prefix], message: `arguments: ${failureText(result.error)}` }];
      return issueDetails(issues, { prefix, extra: (issue) => ({ ...base, message: `${describePath(issue.path)}: ${issue.message}`, ...receivedAt(args, issue.path ?? []) }) });
    };
    const parsed = parseZod(schema, args);
    return parsed instanceof Promise ? parsed.then(details) : details(parsed);
  }
  if (typeof schema === "object") {
    // The validator throws on a value JSON has no word for (a missing input): that is a refusal, not a crash.
    if (args === undefined) return [{ ...base, path: [...prefix], message: "arguments: a value is required" }];
    // A value past the schema's own size bounds, or not a url where one is required, is refused on
    // that alone: the full check would go on to compare every pair of its items (uniqueItems),
    // match patterns on it, or backtrack for hours on the url format.
    const prechecked = precheckProblems(schema, args);
    if (prechecked.length > 0) {
      return prechecked.map(({ path, message }) => ({ ...base, path: [...prefix, ...path], message: `${describePath(path)}: ${message}`, ...receivedAt(args, path) }));
    }
    const outcome = validateJsonSchema(schema, args);
    if ("thrown" in outcome) return [{ ...base, path: [...prefix], message: `arguments: ${failureText(outcome.thrown)}` }];
    if (outcome.valid) return [];
    return outcome.errors
      .filter((error) => !WRAPPER_KEYWORDS.has(error.keyword))
      .map((error) => {
        const segments = jsonPointerSegments(error.instanceLocation);
        // The validator's own words name no field ("0 is less than 1."): the field is put in front.
        return { ...base, path: [...prefix, ...segments], message: `${describePath(segments)}: ${error.error}`, ...receivedAt(args, segments) };
      });
  }
  return [];
}

/**
 * Keywords whose error only says that an error was found inside ("Items did not match schema.",
 * "A subschema had errors."): the validator reports each with the error inside it, which names
 * the place; listed too, they would fill half of the details an error keeps.
 */
const WRAPPER_KEYWORDS = new Set(["properties", "items", "prefixItems", "$ref"]);

type JsonSchemaOutcome = ReturnType<Validator["validate"]> | { thrown: unknown };

/**
 * The JSON Schema validator's verdict, or what it threw: a schema it cannot resolve
 * (`Unresolved $ref`), a value it has no type for, or — on a value with tens of thousands of
 * problems — its own stack (it spreads every nested error into its parent's list: 99 000 wrong
 * items overflow it). A value that cannot be checked is refused, as a zod schema that throws is.
 */
function validateJsonSchema(schema: object, args: unknown): JsonSchemaOutcome {
  try {
    return new Validator(schema as never, "2020-12", false).validate(args);
  } catch (thrown) {
    return { thrown };
  }
}

function failureText(error: unknown): string {
  const text = thrownText(error);
  return text.length > 0 ? text : "the schema rejected the arguments";
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
