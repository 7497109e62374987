import { ToolNode } from "@langchain/langgraph/prebuilt";
import { ApprovalToolNode, HookRegistry, isHITLError } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";

const tool = countingTool("delete_file").tool;

/** What constructing an ApprovalToolNode with `options` throws (undefined when it does not). */
function constructionError(options: unknown): unknown {
  try {
    new ApprovalToolNode([tool], options as never);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("ApprovalToolNode options are checked at construction", () => {
  test.each([
    ["an interruptOn key that names no tool", { interruptOn: { delete_fiel: true } }, ["interruptOn", "delete_fiel"]],
    ["an empty allowedDecisions", { interruptOn: { delete_file: { allowedDecisions: [] } } }, ["interruptOn", "delete_file", "allowedDecisions"]],
    ["an unknown decision type", { interruptOn: { delete_file: { allowedDecisions: ["accept"] } } }, ["interruptOn", "delete_file"]],
    ["a misspelt interruptOn setting", { interruptOn: { delete_file: { allowed: ["approve"] } } }, ["interruptOn", "delete_file"]],
    ["hooks that are not a HookRegistry", { hooks: [() => undefined] }, ["hooks"]],
    ["a non-boolean humanInTheLoop.enabled", { humanInTheLoop: { enabled: "yes" } }, ["humanInTheLoop", "enabled"]],
    ["a misspelt own option", { interuptOn: {} }, ["interuptOn"]],
    ["a wrongly cased own option", { interrupton: {} }, ["interrupton"]],
    ["an onHookError that is not a function", { onHookError: "console" }, ["onHookError"]],
    ["a non-positive expiresInMs", { interruptOn: { delete_file: { expiresInMs: 0 } } }, ["interruptOn", "delete_file"]],
  ])("refuses %s with INVALID_OPTIONS naming the field", (_label, options, path) => {
    const caught = constructionError(options);
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
    const details = isHITLError(caught) ? caught.details : [];
    expect(details[0]?.path?.slice(0, path.length)).toEqual(path);
  });

  test.each([
    ["an interruptOn entry that is neither a boolean nor settings", { interruptOn: { delete_file: "yes" } }, ["interruptOn", "delete_file"], "yes", ["true", "false"]],
    ["an unknown decision type", { interruptOn: { delete_file: { allowedDecisions: ["accept"] } } }, ["interruptOn", "delete_file", "allowedDecisions", 0], "accept", ["approve", "edit", "reject", "respond"]],
    ["an unknown interruptOn setting", { interruptOn: { delete_file: { allowed: ["approve"] } } }, ["interruptOn", "delete_file", "allowed"], "allowed", ["allowedDecisions", "description", "expiresInMs"]],
    ["a misspelt option", { interuptOn: { delete_file: true } }, ["interuptOn"], "interuptOn", ["interruptOn"]],
  ])("refuses %s with a detail naming the field, what was received and what is allowed", (_label, options, path, received, allowed) => {
    const caught = constructionError(options);
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
    const detail = isHITLError(caught) ? caught.details[0] : undefined;
    expect(detail?.path).toEqual(path);
    expect(detail?.received).toEqual(received);
    expect(detail?.allowed).toEqual(expect.arrayContaining(allowed));
    expect(detail?.message).not.toMatch(/^Invalid input$/);
  });

  test("passes options it does not own on to ToolNode, as ToolNode takes them", () => {
    const options = { messagesKey: "history", futureToolNodeOption: { on: true }, handleToolErrors: null, interruptOn: { delete_file: true } };
    const node = new ApprovalToolNode([tool], options as never);
    const plain = new ToolNode([tool], options as never);
    expect(node.handleToolErrors).toBe(plain.handleToolErrors);
    expect(node.handleToolErrors).toBe(true);
  });

  test("accepts every ToolNode option alongside its own", () => {
    const node = new ApprovalToolNode([tool], {
      name: "tools",
      tags: ["x"],
      handleToolErrors: false,
      hooks: new HookRegistry(),
      humanInTheLoop: { enabled: true },
      interruptOn: { delete_file: { allowedDecisions: ["approve", "reject"], description: "careful" } },
    });
    expect(node.name).toBe("tools");
    expect(node.handleToolErrors).toBe(false);
  });
});
