import { join, resolve } from "node:path";
import type { StdioTransportOptions } from "../../../src/remote/index.js";

const repoRoot = resolve(__dirname, "../../..");

/** The stdio transport for the test policy child (run with tsx), logging notifications to `log` if given. */
export function policyChild(log?: string): StdioTransportOptions {
  const script = join(__dirname, "policy-child.ts");
  return { type: "stdio", command: process.execPath, args: ["--import", "tsx", script, ...(log === undefined ? [] : [log])], cwd: repoRoot };
}

/** Whether a process with this pid is still alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
