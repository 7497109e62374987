import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The warnings one child process printed while running the plain baseline three times. */
async function warningsOfPlainRuns(mode: "silenced" | "default"): Promise<string[]> {
  const script = join(__dirname, "children", "plain-run-warnings.ts");
  const env = { ...process.env, BENCH_LIBRARY: "source" };
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, mode], { timeout: 60_000, env });
  const lines = stdout.trim().split("\n");
  expect(lines.at(-1)).toBe("done");
  return lines.filter((line) => line.startsWith("warning"));
}

describe("the bench's listener-leak warning", () => {
  test("left on, LangGraph's ToolNode at 10 calls builds a MaxListenersExceededWarning on every baseline run", async () => {
    expect(await warningsOfPlainRuns("default")).toEqual(Array.from({ length: 3 }, () => "warning MaxListenersExceededWarning"));
  }, 60_000);

  test("silenceListenerLeakWarnings() spares the baseline that cost: the same runs warn nothing", async () => {
    expect(await warningsOfPlainRuns("silenced")).toEqual([]);
  }, 60_000);
});
