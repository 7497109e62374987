import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runWithoutTerminal, stopDemos } from "./support/pseudo-terminal.js";

const DEMO = "examples/service.ts";
const STACK_LINE = /^\s+at /m;
let scratch: string;
let occupant: Server | undefined;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "demo-service-port-"));
});
afterEach(async () => {
  stopDemos();
  await new Promise((resolve) => (occupant === undefined ? resolve(undefined) : occupant.close(resolve)));
  occupant = undefined;
  rmSync(scratch, { recursive: true, force: true });
});

async function busyPort(): Promise<number> {
  occupant = createServer();
  await new Promise<void>((resolve) => occupant?.listen(0, "127.0.0.1", resolve));
  return (occupant.address() as AddressInfo).port;
}

const serviceEnv = (port: string): Record<string, string> => ({ TMPDIR: scratch, PORT: port, DATABASE_URL: "" });

describe("npm run demo:service refuses a port it cannot use, in one line", () => {
  test("a port in use: one line naming the port and how to choose another, exit code 1, no stack, no database started", async () => {
    const port = await busyPort();
    const demo = runWithoutTerminal(DEMO, serviceEnv(String(port)), "");
    expect(await demo.exited).toBe(1);
    const lines = demo.screen().trim().split("\n");
    expect(lines).toEqual([`demo:service: port ${port} on 127.0.0.1 is already in use; stop what listens there, or choose another port: PORT=${port + 1} npm run demo:service`]);
    expect(demo.screen()).not.toMatch(STACK_LINE);
    expect(readdirSync(scratch).filter((name) => name.startsWith("langgraph-hitl-pg-"))).toEqual([]);
  });

  test.each([["abc"], ["-1"], ["70000"], ["3000.5"]])("PORT=%s: one line saying what PORT must be, exit code 1", async (value) => {
    const demo = runWithoutTerminal(DEMO, serviceEnv(value), "");
    expect(await demo.exited).toBe(1);
    expect(demo.screen().trim()).toBe(`demo:service: PORT must be a port number from 0 to 65535, but is "${value}"`);
  });
});
