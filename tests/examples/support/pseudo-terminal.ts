import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");

/** A demo running in a real pseudo-terminal (util-linux `script`), driven like a person would. */
export interface DemoSession {
  /** Everything the demo printed so far, without cursor-control sequences. */
  screen(): string;
  /** Resolves once `text` is on the screen `times` times in all (fails the test after `timeoutMs`). */
  waitFor(text: string, times?: number, timeoutMs?: number): Promise<void>;
  /** Types `keys` at the keyboard (`\r` is Enter, `\x03` Ctrl-C, `\x04` Ctrl-D); without a terminal, writes them to the pipe. */
  type(keys: string): void;
  /** Closes the demo's stdin (without a terminal: the end of the piped input). */
  endInput(): void;
  /** Sends `signal` to the process started (for a terminal session that is `script`, not the demo). */
  signal(signal: NodeJS.Signals): void;
  /** The exit code, once the demo has ended. */
  exited: Promise<number | null>;
}

const CURSOR_CONTROL = /\u001b\[[0-9;?]*[A-Za-z]|\r/g;

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** Ends every demo still running (a failed test must not leave one waiting for input). */
export function stopDemos(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

function session(child: ChildProcessWithoutNullStreams): DemoSession {
  running.add(child);
  child.on("close", () => running.delete(child));
  let raw = "";
  child.stdout.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
  const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
  const screen = (): string => raw.replace(CURSOR_CONTROL, "");
  return {
    screen,
    type: (keys) => void child.stdin.write(keys),
    endInput: () => void child.stdin.end(),
    signal: (signal) => void child.kill(signal),
    exited,
    waitFor(text, times = 1, timeoutMs = 20_000) {
      return new Promise((done, fail) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (count(screen(), text) >= times) {
            clearInterval(poll);
            done();
          } else if (Date.now() - started > timeoutMs || child.exitCode !== null) {
            clearInterval(poll);
            fail(new Error(`"${text}" (x${times}) never appeared; the screen shows:\n${screen()}`));
          }
        }, 25);
      });
    },
  };
}

function demoCommand(script: string): string[] {
  return [process.execPath, "--import", "tsx", resolve(ROOT, script)];
}

/**
 * Starts `script` (a demo under examples/) attached to a fresh pseudo-terminal, so
 * `process.stdin.isTTY` is true in the demo even when the tests themselves run without one.
 *
 * @param script - Path from the repository root, e.g. `examples/quickstart.ts`.
 * @param env - Extra environment; `CI` is unset unless given here.
 * @returns The running demo.
 */
export function runInTerminal(script: string, env: Record<string, string> = {}): DemoSession {
  const command = demoCommand(script).map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["--quiet", "--flush", "--return", "--command", command, "/dev/null"], {
    cwd: ROOT,
    env: { ...process.env, CI: "", ...env },
  });
  return session(child);
}

/**
 * Starts a demo with plain pipes: no terminal at all, as in a CI log or `echo r | npm run demo`.
 *
 * @param script - Path from the repository root.
 * @param env - Extra environment; `CI` is unset unless given here.
 * @param input - Written to the demo's stdin, which is then closed; `undefined` leaves it open for {@link DemoSession.type}.
 * @param args - Arguments after the script, e.g. `["--yes"]`.
 */
export function runWithoutTerminal(script: string, env: Record<string, string> = {}, input?: string, args: readonly string[] = []): DemoSession {
  const [node, ...command] = demoCommand(script) as [string, ...string[]];
  const demo = session(spawn(node, [...command, ...args], { cwd: ROOT, env: { ...process.env, CI: "", ...env } }));
  if (input !== undefined) {
    demo.type(input);
    demo.endInput();
  }
  return demo;
}
