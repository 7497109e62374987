/**
 * Prints whether this Node warns when more than ten listeners wait on one `AbortSignal`
 * (`abort-signal-warns yes|no`: Node 20 does, 22 and 24 do not), then runs the bench's plain
 * `ToolNode` baseline (figure 1, 10 calls, in memory) three times, after the bench's
 * `silenceListenerLeakWarnings()` when the first argument is `silenced`, printing every process
 * warning of those runs as a `warning <name>` line, then `done`. A real process: Jest's sandbox
 * hides the process's own warnings from a test.
 */
import { memoryBackend } from "../../../bench/support/backends.js";
import { newThreadId, plainRun } from "../../../bench/support/agents.js";
import { silenceListenerLeakWarnings } from "../../../bench/support/listener-warnings.js";

let warnings: string[] = [];
process.on("warning", (warning) => warnings.push(warning.name));

/** Warnings are emitted on a later tick. */
const flushed = () => new Promise((resolve) => setTimeout(resolve, 50));

async function abortSignalWarns(): Promise<boolean> {
  const controller = new AbortController();
  for (let index = 0; index < 11; index += 1) controller.signal.addEventListener("abort", () => undefined);
  await flushed();
  const warned = warnings.includes("MaxListenersExceededWarning");
  warnings = [];
  return warned;
}

async function main(): Promise<void> {
  console.log(`abort-signal-warns ${(await abortSignalWarns()) ? "yes" : "no"}`);
  if (process.argv[2] === "silenced") silenceListenerLeakWarnings();
  const run = plainRun(10, memoryBackend().ours);
  for (let round = 0; round < 3; round += 1) await run(newThreadId("plain"));
  await flushed();
  for (const name of warnings) console.log(`warning ${name}`);
  console.log("done");
}

void main();
