import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { checkExpectedNode } from "../support/node-version.js";

const ROOT = resolve(__dirname, "..", "..");
const WITH_NODE = join(ROOT, "scripts", "with-node.mjs");
const MAJOR = process.versions.node.split(".")[0]!;

function withNode(...args: string[]) {
  const { LANGGRAPH_HITL_EXPECT_NODE: _unset, ...env } = process.env;
  return spawnSync(process.execPath, [WITH_NODE, ...args], { cwd: ROOT, encoding: "utf8", env, timeout: 60_000 });
}

describe("scripts/with-node.mjs", () => {
  test("runs the command on the Node it names, tells the command which version that is, and says so", () => {
    // The running major needs no download: with-node uses this very binary.
    const run = withNode(MAJOR, process.execPath, "-p", "`${process.version} ${process.env.LANGGRAPH_HITL_EXPECT_NODE}`");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`with-node: Node ${process.version} (${process.execPath}) runs:`);
    expect(run.stdout.trim().split("\n").at(-1)).toBe(`${process.version} ${process.version}`);
  });

  test("puts that Node first on PATH, so a bare `node` in the command is it", () => {
    const run = withNode(MAJOR, "sh", "-c", "node -p process.execPath");
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split("\n").at(-1)).toBe(process.execPath);
  });

  test("ends with the command's exit status", () => {
    expect(withNode(MAJOR, "sh", "-c", "exit 3").status).toBe(3);
  });

  test.each([
    ["a major that is not a number", ["twenty-two", "npm", "test"]],
    ["no command", [MAJOR]],
  ])("refuses %s with exit status 2 and its usage", (_label, args) => {
    const run = withNode(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: node scripts/with-node.mjs <major> <command>");
  });
});

describe("the Node version check of jest's globalSetup", () => {
  test("fails when the suite runs on another version than with-node put on PATH", () => {
    expect(() => checkExpectedNode({ LANGGRAPH_HITL_EXPECT_NODE: "v22.23.3" }, "v20.20.2")).toThrow(
      "LANGGRAPH_HITL_EXPECT_NODE is v22.23.3 (set by scripts/with-node.mjs), but jest runs on Node v20.20.2",
    );
  });

  test("names the version when it matches, and checks nothing when no version is expected", () => {
    expect(checkExpectedNode({ LANGGRAPH_HITL_EXPECT_NODE: "v24.21.0" }, "v24.21.0")).toMatch(/^Node v24\.21\.0 runs the suite/);
    expect(checkExpectedNode({}, "v20.20.2")).toBeUndefined();
  });

  // Inside a with-node run this checks the process that runs the test files (a jest worker, or
  // jest itself in band), not only the one that ran globalSetup.
  const expected = process.env["LANGGRAPH_HITL_EXPECT_NODE"];
  (expected === undefined ? test.skip : test)("the test files run on the Node with-node named", () => {
    expect(process.version).toBe(expected);
  });
});
