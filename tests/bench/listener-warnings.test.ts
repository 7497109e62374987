import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

interface PlainRuns {
  /** Whether this Node warns at all when more than ten listeners wait on one `AbortSignal`. */
  abortSignalWarns: boolean;
  /** The warnings of three runs of the bench's plain baseline. */
  warnings: string[];
}

async function plainRunsIn(mode: "silenced" | "default"): Promise<PlainRuns> {
  const script = join(__dirname, "children", "plain-run-warnings.ts");
  const env = { ...process.env, BENCH_LIBRARY: "source" };
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, mode], { timeout: 60_000, env });
  const lines = stdout.trim().split("\n");
  expect(lines.at(-1)).toBe("done");
  return { abortSignalWarns: lines[0] === "abort-signal-warns yes", warnings: lines.filter((line) => line.startsWith("warning")) };
}

describe("the bench's listener-leak warning", () => {
  test("left on, LangGraph's ToolNode at 10 calls builds a MaxListenersExceededWarning on every baseline run, where Node warns for AbortSignals (20)", async () => {
    const { abortSignalWarns, warnings } = await plainRunsIn("default");
    const expected = abortSignalWarns ? Array.from({ length: 3 }, () => "warning MaxListenersExceededWarning") : [];
    expect(warnings).toEqual(expected);
  }, 60_000);

  test("silenceListenerLeakWarnings() spares the baseline that cost: the same runs warn nothing", async () => {
    expect((await plainRunsIn("silenced")).warnings).toEqual([]);
  }, 60_000);
});
