import { spawnSync } from "node:child_process";
import { join } from "node:path";

jest.setTimeout(60_000);

const script = join(__dirname, "children", "failing-script.mts");
const run = (mode: string) => spawnSync(process.execPath, ["--import", "tsx", script, mode], { encoding: "utf8", env: process.env });

describe("scripts that start the embedded Postgres report their failures", () => {
  test("failAndExit ends a failed script with exit code 1", () => {
    const result = run("fail-and-exit");
    expect(result.stderr).toContain("the script failed");
    expect(result.status).toBe(1);
  });

  test("process.exitCode = 1 alone is overridden by the embedded Postgres's exit hook (why failAndExit exists)", () => {
    expect(run("exit-code").status).toBe(0);
  });
});
