import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const repoRoot = resolve(__dirname, "../..");

// Part of `npm test`, not of the browser run: it starts `npm run test:e2e`'s Jest itself.
test("the browser tests stop before any test file, with advice naming CHROMIUM_PATH, when Chromium is missing", () => {
  const missing = join(repoRoot, "tmp", "no-such-chromium");
  const run = spawnSync(process.execPath, [join(repoRoot, "node_modules/jest/bin/jest.js"), "--config", "jest.e2e.config.js"], {
    cwd: repoRoot,
    env: { ...process.env, CHROMIUM_PATH: missing },
    encoding: "utf8",
    timeout: 25_000,
  });
  expect(run.error).toBeUndefined(); // a hang would end in a spawn timeout error
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`CHROMIUM_PATH=/path/to/chromium npm run test:e2e`);
  expect(run.stderr).toContain(missing);
  expect(run.stderr).not.toMatch(/Tests:|PASS|FAIL/);
});
