import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode, isHITLError } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";

const deploy = tool(async () => "ok", { name: "deploy", description: "deploys", schema: z.object({ path: z.string() }) });

function refusal(grants: unknown) {
  try {
    new ApprovalToolNode([deploy], { interruptOn: { deploy: true }, grants: grants as never });
  } catch (error) {
    if (isHITLError(error)) return error;
    throw error;
  }
  throw new Error("the options were accepted");
}

describe("the grants option is checked at construction", () => {
  test.each([
    ["a host scope without a reader", { scopes: ["thread", "user"] }, ["grants", "scopeKeys", "user"]],
    ["a reader without its scope (a typo)", { scopes: ["thread", "user"], scopeKeys: { user: () => "u", usr: () => "u" } }, ["grants", "scopeKeys", "usr"]],
    ["a reader for the thread scope", { scopeKeys: { thread: () => "t" } }, ["grants", "scopeKeys", "thread"]],
    ["a scope listed twice", { scopes: ["thread", "thread"] }, ["grants", "scopes"]],
    ["predicate grants without predicates", { matches: ["predicate"] }, ["grants", "matches"]],
    ["an unknown narrowing", { matches: ["regex"] }, ["grants", "matches", 0]],
    ["a tool the node does not have", { tools: ["deploi"] }, ["grants", "tools", 0]],
    ["a longest duration that is not a positive integer", { maxDurationMs: -5 }, ["grants", "maxDurationMs"]],
    ["a predicate that is not a function", { predicates: { small: true } }, ["grants", "predicates", "small"]],
    ["an unknown setting", { scope: ["thread"] }, ["grants", "scope"]],
    ["a string instead of an object", "thread", ["grants"]],
  ])("%s is INVALID_OPTIONS naming the field", (_label, grants, path) => {
    const error = refusal(grants);
    expect(error.code).toBe("INVALID_OPTIONS");
    expect(error.details[0]?.path).toEqual(path);
  });

  test("a misspelt `grants` is caught like any misspelt own option, and the middleware takes the option too", () => {
    expect(() => new ApprovalToolNode([deploy], { grant: {} } as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
    expect(() => approvalMiddleware({ interruptOn: { deploy: true }, grants: { scopes: ["thread"] } })).not.toThrow();
    expect(() => approvalMiddleware({ grants: { scopes: ["team"] } })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
  });
});
