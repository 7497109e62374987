import { ApprovalToolNode, HookRegistry, isHITLError } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";

const tool = countingTool("delete_file").tool;

describe("ApprovalToolNode options are checked at construction", () => {
  test.each([
    ["an interruptOn key that names no tool", { interruptOn: { delete_fiel: true } }, ["interruptOn", "delete_fiel"]],
    ["an empty allowedDecisions", { interruptOn: { delete_file: { allowedDecisions: [] } } }, ["interruptOn", "delete_file", "allowedDecisions"]],
    ["an unknown decision type", { interruptOn: { delete_file: { allowedDecisions: ["accept"] } } }, ["interruptOn", "delete_file"]],
    ["a misspelt interruptOn setting", { interruptOn: { delete_file: { allowed: ["approve"] } } }, ["interruptOn", "delete_file"]],
    ["hooks that are not a HookRegistry", { hooks: [() => undefined] }, ["hooks"]],
    ["a non-boolean humanInTheLoop.enabled", { humanInTheLoop: { enabled: "yes" } }, ["humanInTheLoop", "enabled"]],
    ["an unknown option", { interuptOn: {} }, []],
    ["an onHookError that is not a function", { onHookError: "console" }, ["onHookError"]],
    ["a non-positive expiresInMs", { interruptOn: { delete_file: { expiresInMs: 0 } } }, ["interruptOn", "delete_file"]],
  ])("refuses %s with INVALID_OPTIONS naming the field", (_label, options, path) => {
    let caught: unknown;
    try {
      new ApprovalToolNode([tool], options as never);
    } catch (error) {
      caught = error;
    }
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
    const details = isHITLError(caught) ? caught.details : [];
    expect(details[0]?.path?.slice(0, path.length)).toEqual(path);
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
