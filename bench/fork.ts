/**
 * One process of a forked step (`bench/support/forks.ts` starts it): measures its share of one
 * comparison's rounds on a backend of its own and writes what it measured to the file it was given.
 *
 *   tsx --expose-gc bench/fork.ts '{"step":…,"settings":…,"databaseUrl":…}' /tmp/…/0.json
 */
import { writeFile } from "node:fs/promises";
import { failAndExit } from "../examples/support/fail.mjs";
import { memoryBackend, postgresBackend, type Backend } from "./support/backends.js";
import { onBackendOfItsOwn, settleHeap } from "./support/fresh-heap.js";
import type { ForkOutput } from "./support/forks.js";
import { silenceListenerLeakWarnings } from "./support/listener-warnings.js";
import { measureStep, type ForkedStep } from "./workloads/forked-steps.js";
import type { BenchSettings } from "./workloads/settings.js";

async function main(): Promise<void> {
  // As bench/run.ts: left on, the warning is a cost only the ToolNode baseline pays.
  silenceListenerLeakWarnings();
  const [spec, out] = process.argv.slice(2);
  if (spec === undefined || out === undefined) throw new RangeError("usage: fork.ts <spec JSON> <output file>");
  const { step, settings, databaseUrl } = JSON.parse(spec) as { step: ForkedStep; settings: BenchSettings; databaseUrl: string };
  const made: Backend = step.backend === "memory" ? memoryBackend() : await postgresBackend(databaseUrl);
  const output = await onBackendOfItsOwn(
    () => made,
    async (backend): Promise<ForkOutput> => {
      const heap = await settleHeap();
      return { heap, measured: await measureStep(step, backend, settings) };
    },
  );
  await writeFile(out, JSON.stringify(output));
}

main().then(() => process.exit(0), failAndExit);
