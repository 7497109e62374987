import { HookRegistry, isHITLError } from "../../src/index.js";

function registrationError(register: () => unknown): unknown {
  try {
    register();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("HookRegistry.register checks everything up front", () => {
  test.each([
    ["an unknown event", () => new HookRegistry().register("PreToolUze" as never, { hooks: [() => undefined] }), ["event"]],
    ["an empty hooks list", () => new HookRegistry().register("PreToolUse", { hooks: [] }), ["hooks"]],
    ["a hook that is not a function", () => new HookRegistry().register("PreToolUse", { hooks: ["deny" as never] }), ["hooks", 0]],
    ["an invalid regex matcher", () => new HookRegistry().register("PreToolUse", { matcher: "delete(", hooks: [() => undefined] }), ["matcher"]],
    ["a matcher that is neither a string nor a RegExp", () => new HookRegistry().register("PreToolUse", { matcher: 5 as never, hooks: [() => undefined] }), ["matcher"]],
    ["a catastrophic regex", () => new HookRegistry().register("PreToolUse", { matcher: "(a+)+$", hooks: [() => undefined] }), ["matcher"]],
    ["a catastrophic RegExp", () => new HookRegistry().register("PreToolUse", { matcher: /^(\w+\s?)*$/, hooks: [() => undefined] }), ["matcher"]],
    ["a negative timeoutMs", () => new HookRegistry().register("PreToolUse", { hooks: [() => undefined], timeoutMs: -1 }), ["timeoutMs"]],
    ["an infinite timeoutMs", () => new HookRegistry().register("PreToolUse", { hooks: [() => undefined], timeoutMs: Infinity }), ["timeoutMs"]],
    ["a timeoutMs above 2147483647", () => new HookRegistry().register("PreToolUse", { hooks: [() => undefined], timeoutMs: 2_147_483_648 }), ["timeoutMs"]],
    ["an unknown registration option", () => new HookRegistry().register("PreToolUse", { hooks: [() => undefined], timeout: 5 } as never), ["timeout"]],
  ])("refuses %s with INVALID_OPTIONS naming the field", (_label, register, path) => {
    const error = registrationError(register);
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(error) && error.details[0]?.path).toEqual(path);
  });

  test("accepts timeoutMs 0 and 2147483647", () => {
    expect(() =>
      new HookRegistry()
        .register("PreToolUse", { hooks: [() => undefined], timeoutMs: 0 })
        .register("PreToolUse", { hooks: [() => undefined], timeoutMs: 2_147_483_647 }),
    ).not.toThrow();
  });
});

describe("matchers", () => {
  const registry = (matcher: string | RegExp | undefined) =>
    new HookRegistry().register("PreToolUse", { ...(matcher === undefined ? {} : { matcher }), hooks: [() => undefined] });

  test.each([
    [undefined, "anything", true],
    ["*", "anything", true],
    ["delete_file", "delete_file", true],
    ["delete_file", "delete_files", false],
    ["write_file|delete_file", "write_file", true],
    ["write_file|delete_file", "read_file", false],
    ["file-ops", "file-ops", true],
    ["^mcp__.*", "mcp__github__push", true],
    ["^mcp__.*", "local_push", false],
    [/_file$/, "read_file", true],
    [/_file$/g, "read_file", true],
  ])("matcher %p on %p → %p", (matcher, toolName, expected) => {
    expect(registry(matcher).hooksFor("PreToolUse", toolName).length).toBe(expected ? 1 : 0);
  });

  test("a global RegExp matches every time (no lastIndex state between calls)", () => {
    const hooks = registry(/file/g);
    expect([1, 2, 3].map(() => hooks.hooksFor("PreToolUse", "read_file").length)).toEqual([1, 1, 1]);
  });
});
