import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

describe("a run's abort signal", () => {
  test("a batch of 14 calls with a config signal adds no listener-leak warning (one listener per run)", async () => {
    const script = join(__dirname, "children", "wide-batch.ts");
    const { stdout } = await run(process.execPath, ["--import", "tsx", script, "14"], { timeout: 60_000 });
    const lines = stdout.trim().split("\n");
    expect(lines.filter((line) => line.startsWith("warning"))).toEqual([]);
    expect(lines.at(-1)).toBe("done 14");
  });
});
