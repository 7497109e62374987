/**
 * A host that starts a stubborn stdio backend behind `sh -c`, prints the backend's pid as
 * `backend <pid>`, and exits without calling `close()`.
 */
import { join, resolve } from "node:path";
import { remoteHook } from "../../../src/remote/index.js";
import { ask, newThread, toolMessages } from "../../support/fixtures.js";
import { graphWith } from "./graph.js";

async function main(): Promise<void> {
  const script = join(__dirname, "policy-child.ts");
  const env = { ...process.env, POLICY_CHILD_STUBBORN: "1" } as Record<string, string>;
  const command = `"${process.execPath}" --import tsx "${script}"; true`;
  const hook = remoteHook({ transport: { type: "stdio", command: "sh", args: ["-c", command], cwd: resolve(__dirname, "../../.."), env }, timeoutMs: 20_000 });
  const { graph } = graphWith([hook], [{ name: "whoami", args: { path: "a" } }]);
  const message = toolMessages(await graph.invoke(ask(), newThread()))[0];
  console.log(`backend ${/pid (\d+)/.exec(String(message?.content))?.[1] ?? "none"}`);
  process.exit(0);
}

void main();
