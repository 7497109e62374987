import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInTerminal, runWithoutTerminal, stopDemos, type DemoSession } from "./support/pseudo-terminal.js";

const DEMO = "examples/service.ts";
let scratch: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "demo-service-"));
  // As root, Postgres runs as the OS user "postgres", which must reach files in this TMPDIR.
  chmodSync(scratch, 0o755);
});
afterEach(() => {
  stopDemos();
  rmSync(scratch, { recursive: true, force: true });
});

const postgresFolders = (): string[] => readdirSync(scratch).filter((name) => name.startsWith("langgraph-hitl-pg-"));
const serviceEnv = (): Record<string, string> => ({ TMPDIR: scratch, PORT: "0", DATABASE_URL: "" });

async function untilServing(demo: DemoSession): Promise<void> {
  await demo.waitFor("Ctrl-C stops the service.", 1, 60_000);
  expect(postgresFolders()).toHaveLength(1);
}

describe("npm run demo:service leaves no embedded Postgres data behind", () => {
  test("Ctrl-C at the terminal removes the data folder", async () => {
    const demo = runInTerminal(DEMO, serviceEnv());
    await untilServing(demo);
    demo.type("\x03");
    await demo.exited;
    expect(postgresFolders()).toEqual([]);
  }, 90_000);

  test("SIGTERM removes the data folder", async () => {
    const demo = runWithoutTerminal(DEMO, serviceEnv());
    await untilServing(demo);
    demo.signal("SIGTERM");
    await demo.exited;
    expect(postgresFolders()).toEqual([]);
  }, 90_000);
});
