/**
 * Runs the bench's plain `ToolNode` baseline (figure 1, 10 calls, in memory) three times, after
 * the bench's `silenceListenerLeakWarnings()` when the first argument is `silenced`, and prints
 * every process warning as a `warning <name>` line, then `done`. A real process: Jest's sandbox
 * hides the process's own warnings from a test.
 */
import { memoryBackend } from "../../../bench/support/backends.js";
import { newThreadId, plainRun } from "../../../bench/support/agents.js";
import { silenceListenerLeakWarnings } from "../../../bench/support/listener-warnings.js";

process.on("warning", (warning) => console.log(`warning ${warning.name}`));

async function main(): Promise<void> {
  if (process.argv[2] === "silenced") silenceListenerLeakWarnings();
  const run = plainRun(10, memoryBackend().ours);
  for (let round = 0; round < 3; round += 1) await run(newThreadId("plain"));
  // Warnings are emitted on a later tick.
  await new Promise((resolve) => setTimeout(resolve, 50));
  console.log("done");
}

void main();
