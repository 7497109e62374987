import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** A TypeScript script from `children/` running in its own Node process, driven line by line. */
export interface ChildScript {
  readonly process: ChildProcessWithoutNullStreams;
  /** Resolves with the first stdout line (already seen or still to come) that starts with `prefix`. */
  line(prefix: string): Promise<string>;
  /** Writes one line to the child's stdin. */
  send(line: string): void;
  /** Resolves when the child has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/**
 * Starts `children/<name>.ts` (or `children/<name>` when it has an extension) with `args` in a new Node process (TypeScript through tsx).
 *
 * @example
 * ```ts
 * const child = spawnChild("agent-worker", [url, "pause", "thread-1"]);
 * const paused = await child.line("paused");
 * ```
 */
export function spawnChild(name: string, args: string[], env: Record<string, string> = {}): ChildScript {
  const file = /\.m?[jt]s$/.test(name) ? name : `${name}.ts`;
  const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "children", file), ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const seen: string[] = [];
  const waiters: Array<{ prefix: string; resolve: (line: string) => void }> = [];
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    seen.push(line);
    for (const waiter of waiters.filter((candidate) => line.startsWith(candidate.prefix))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal, stderr }));
  });
  return {
    process: child,
    exited,
    line(prefix) {
      const found = seen.find((line) => line.startsWith(prefix));
      if (found !== undefined) return Promise.resolve(found);
      const waiting = new Promise<string>((resolve) => waiters.push({ prefix, resolve }));
      // A child that dies before printing the line must fail the test, not hang it.
      return Promise.race([
        waiting,
        exited.then(async ({ code, signal }) => {
          const late = seen.find((line) => line.startsWith(prefix));
          if (late !== undefined) return late;
          throw new Error(`child ${name} exited (code ${code}, signal ${signal}) before printing "${prefix}":\n${stderr}`);
        }),
      ]);
    },
    send(line) {
      child.stdin.write(`${line}\n`);
    },
  };
}
