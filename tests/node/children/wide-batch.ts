/**
 * Runs one batch of `count` tool calls (first argument) with a `signal` in the config, and
 * prints every process warning as a `warning <name>: <message>` line, then `done <tool runs>`.
 * A real process: Jest's sandbox hides the process's own warnings from a test.
 */
import { ApprovalToolNode, HookRegistry } from "../../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../../support/fixtures.js";

process.on("warning", (warning) => console.log(`warning ${warning.name}: ${warning.message}`));

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? "12");
  const tool = countingTool("read_file");
  const hooks = new HookRegistry()
    .register("PreToolUse", { hooks: [async () => ({ decision: "allow" as const })] })
    .register("PostToolUse", { hooks: [async () => undefined] });
  const node = new ApprovalToolNode([tool.tool], { hooks });
  const calls = Array.from({ length: count }, (_, index) => ({ name: "read_file", args: { path: `f${index}` }, id: `c${index}` }));
  const { graph } = agentGraph(node, calls);
  await graph.invoke(ask(), { ...newThread(), signal: new AbortController().signal });
  // Warnings are emitted on a later tick.
  await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(`done ${tool.count}`);
}

void main();
