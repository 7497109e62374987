import { stopDemos, runInTerminal } from "./support/pseudo-terminal.js";

afterEach(stopDemos);

const DEMO = "examples/quickstart.ts";
const PROMPT = "delete_file: [a]pprove, [r]eject, [e]dit, re[s]pond?";
const STACK_LINE = /^\s+at /m;

describe("npm run demo, typed at a terminal", () => {
  test("unknown answers (no, x, Enter) are asked again and never approve", async () => {
    const demo = runInTerminal(DEMO);
    await demo.waitFor(PROMPT);
    demo.type("no\r");
    await demo.waitFor(PROMPT, 2);
    demo.type("x\r");
    await demo.waitFor(PROMPT, 3);
    demo.type("\r");
    await demo.waitFor(PROMPT, 4);
    expect(demo.screen()).toContain('"no" is not a choice');
    expect(demo.screen()).toContain("Nothing typed");
    demo.type("r\r");
    await demo.waitFor("reason (optional):");
    demo.type("keep the report\r");
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("✗ delete_file: ");
    expect(demo.screen()).toContain("keep the report");
    expect(demo.screen()).not.toContain("Deleted /tmp/report.csv");
  });

  test("malformed edit JSON is asked again with the reason, then the edit runs", async () => {
    const demo = runInTerminal(DEMO);
    await demo.waitFor(PROMPT);
    demo.type("e\r");
    await demo.waitFor("new arguments as JSON");
    demo.type("{bad\r");
    await demo.waitFor("That is not valid JSON");
    demo.type('["not", "an object"]\r');
    await demo.waitFor("The arguments must be a JSON object");
    demo.type('{"path": "/tmp/old.csv"}\r');
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("✓ delete_file: Deleted /tmp/old.csv.");
    expect(demo.screen()).not.toMatch(STACK_LINE);
  });

  test.each([
    ["Ctrl-C", "\x03"],
    ["Ctrl-D", "\x04"],
  ])("%s at the prompt ends with 'cancelled, nothing ran' and no stack", async (_key, keys) => {
    const demo = runInTerminal(DEMO);
    await demo.waitFor(PROMPT);
    demo.type(keys);
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("cancelled, nothing ran");
    expect(demo.screen()).not.toContain("Tool results");
    expect(demo.screen()).not.toMatch(/AbortError|Error:/);
    expect(demo.screen()).not.toMatch(STACK_LINE);
  });
});

describe("npm run demo, deciding by itself", () => {
  test("with CI=true it does not wait even when a terminal is attached, and says so", async () => {
    const demo = runInTerminal(DEMO, { CI: "true" });
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("(CI=true: not asking; approving every call by itself)");
    expect(demo.screen()).not.toContain(PROMPT);
    expect(demo.screen()).toContain("✓ delete_file: Deleted /tmp/report.csv.");
  });
});
