import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { findRemoteHookError, remoteHook, type RemoteHook } from "../../src/remote/index.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import { graphWith } from "./support/graph.js";
import { alive } from "./support/stdio-child.js";
import { eventually } from "./support/wait.js";

const repoRoot = resolve(__dirname, "../..");
const script = join(__dirname, "support", "policy-child.ts");
const hooks: RemoteHook[] = [];

/**
 * The policy child behind a launcher: `sh` starts node as its own child and waits for it (the
 * trailing `; true` keeps sh from exec'ing), as `npx` or `uv run` would. The backend is
 * stubborn: it keeps running after its stdin closes, so only a kill ends it.
 */
function launchedPolicy(timeoutMs: number): RemoteHook {
  const command = `"${process.execPath}" --import tsx "${script}"; true`;
  const env = { ...process.env, POLICY_CHILD_STUBBORN: "1" } as Record<string, string>;
  const hook = remoteHook({ transport: { type: "stdio", command: "sh", args: ["-c", command], cwd: repoRoot, env }, timeoutMs, name: "launched" });
  hooks.push(hook);
  return hook;
}

async function callOnce(hook: RemoteHook, name: string) {
  const { graph, reports } = graphWith([hook], [{ name, args: { path: "a" } }]);
  const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
  return { message, failure: findRemoteHookError(reports[0]?.error)?.failure };
}

/** The pid of the backend itself (the grandchild): its `whoami` rule denies with it. A slow first start is retried. */
async function backendPid(hook: RemoteHook): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const { message } = await callOnce(hook, "whoami");
    const pid = Number(/pid (\d+)/.exec(String(message.content))?.[1]);
    if (pid > 0) backends.push(pid);
    if (pid > 0 || attempt === 3) {
      expect(pid).toBeGreaterThan(0);
      return pid;
    }
  }
}

/** Resolves once `promise` settles; rejects if it has not within `ms` (a hang, not a speed target). */
function settles(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((_, reject) => (timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms)));
  // Cleared once settled: a pending bound would hold jest for ms after the last test.
  return Promise.race([promise.then(() => undefined), bound]).finally(() => clearTimeout(timer));
}

const backends: number[] = [];

afterEach(async () => {
  await Promise.all(hooks.splice(0).map((hook) => settles(hook.close(), 10_000).catch(() => undefined)));
});

afterAll(() => {
  // Whatever a failing run left behind must not outlive the test.
  for (const pid of backends.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

describe("a stdio backend started through a launcher", () => {
  test("a missed deadline kills the whole process group: the backend behind `sh -c` does not survive as an orphan", async () => {
    const hook = launchedPolicy(6_000);
    const pid = await backendPid(hook);
    const { failure } = await callOnce(hook, "hang");
    expect(failure).toBe("deadline_exceeded");
    await eventually(() => (alive(pid) ? undefined : true));
    const next = await backendPid(hook);
    expect(next).not.toBe(pid);
  });

  test("close() settles and leaves no backend behind, though the backend (a grandchild) holds stdout", async () => {
    const hook = launchedPolicy(6_000);
    const pid = await backendPid(hook);
    expect(alive(pid)).toBe(true);
    await settles(hook.close(), 10_000);
    await eventually(() => (alive(pid) ? undefined : true));
  });

  test("a host that exits without close() takes the backend's whole group with it", async () => {
    const host = join(__dirname, "support", "host-exits.ts");
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", host], { cwd: repoRoot, timeout: 60_000 });
    const pid = Number(/backend (\d+)/.exec(stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    backends.push(pid);
    await eventually(() => (alive(pid) ? undefined : true));
  });
});
