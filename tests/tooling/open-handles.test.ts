import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const FIXTURES = join(__dirname, "fixtures", "open-handles");

interface FileResult {
  readonly name: string;
  readonly status: "passed" | "failed";
  readonly message: string;
}

/**
 * Runs the fixture files (plain JavaScript, no transform) in a jest of their own with the suite's
 * test environment, in band as on a two-core machine. --forceExit only so the leaking fixtures
 * do not hold this test up; what is checked is each file's own result.
 */
function runFixtures(): FileResult[] {
  const config = {
    rootDir: FIXTURES,
    testEnvironment: join(ROOT, "tests", "support", "open-handles", "environment.js"),
    testMatch: ["**/*.leak.js"],
    transform: {},
  };
  const run = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules", "jest", "bin", "jest.js"), "--config", JSON.stringify(config), "--runInBand", "--forceExit", "--json", "--ci"],
    { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
  );
  const report = JSON.parse(run.stdout) as { testResults: Array<{ name: string; status: "passed" | "failed"; message: string }> };
  return report.testResults.map(({ name, status, message }) => ({ name: name.slice(FIXTURES.length + 1), status, message }));
}

describe("the test environment's open-handle check", () => {
  let results: FileResult[];
  beforeAll(() => {
    results = runFixtures();
  }, 150_000);
  const result = (name: string): FileResult => {
    const found = results.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no result for ${name}: ${JSON.stringify(results)}`);
    return found;
  };

  test.each([
    ["leaves-a-child-process.leak.js", /child process \d+: \S+node -e "setTimeout\(\(\) => \{\}, 20000\)"/],
    ["leaves-a-server.leak.js", /server on 127\.0\.0\.1:\d+/],
    ["leaves-a-timer.leak.js", /setTimeout\(…, 60000\) still pending, set at .*leaves-a-timer\.leak\.js:3/],
  ])("fails %s, naming what it left open", (name, what) => {
    const { status, message } = result(name);
    expect(status).toBe("failed");
    expect(message).toContain(`${join(FIXTURES, name)} left this open 2000 ms after its last test and hook`);
    expect(message).toMatch(what);
  });

  test("passes a file that closes what it opened, even when it closes in afterAll without waiting", () => {
    expect(result("closes-everything.leak.js")).toEqual({ name: "closes-everything.leak.js", status: "passed", message: "" });
  });
});
