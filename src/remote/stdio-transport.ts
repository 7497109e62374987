import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { LineDecoder } from "./line-decoder.js";
import { killGroup, killOnExit, OWN_PROCESS_GROUP } from "./process-groups.js";
import type { InterceptRequest, ObserveNotification } from "./protocol.js";
import { RemoteHookError } from "./remote-hook-error.js";
import { MAX_MESSAGE_BYTES, type RemoteTransport } from "./transport.js";

/** How to start the backend process. */
interface StdioCommand {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

interface Exchange {
  id: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Child {
  process: ChildProcessWithoutNullStreams;
  decoder: LineDecoder;
  exchange: Exchange | undefined;
  stopped: boolean;
  exited: Promise<void>;
}

function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/** The longest `close()` waits for the processes to be gone. */
const CLOSE_BOUND_MS = 2_000;

/** Waits for `promise`, but no longer than `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

function unref(stream: unknown): void {
  (stream as { unref?: () => void }).unref?.();
}

/**
 * The stdio binding with a persistent process: one JSON-RPC object per line on stdin and
 * stdout (stderr is drained and ignored). The process starts on first use and again on the
 * next call after it died. One intercept is outstanding at a time, as the protocol asks of a
 * persistent backend; a process that misses a deadline or writes anything but a correlated
 * answer is killed with its whole process group, so a stale answer can never be read as the
 * next call's and no process a launcher started is left behind.
 */
export class StdioTransport implements RemoteTransport {
  readonly #spec: StdioCommand;
  readonly #backend: string;
  readonly #children = new Set<Child>();
  #child: Child | undefined;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(spec: StdioCommand, backend: string) {
    this.#spec = spec;
    this.#backend = backend;
  }

  async request(message: InterceptRequest, signal: AbortSignal): Promise<unknown> {
    const previous = this.#queue;
    let release: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => (release = resolve));
    this.#queue = previous.then(() => turn);
    try {
      await untilAborted(previous, signal);
      return await this.#exchange(message, signal);
    } finally {
      release();
    }
  }

  async notify(message: ObserveNotification, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    const child = this.#current();
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      child.process.stdin.write(`${JSON.stringify(message)}\n`, (error) => {
        signal.removeEventListener("abort", onAbort);
        if (error) reject(this.#failure("transport", "could not write to the policy process", error));
        else resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const children = [...this.#children];
    for (const child of children) this.#stop(child, this.#failure("cancelled", "the remote hook was closed"));
    await settledWithin(Promise.all(children.map((child) => child.exited)), CLOSE_BOUND_MS);
  }

  #exchange(message: InterceptRequest, signal: AbortSignal): Promise<unknown> {
    signal.throwIfAborted();
    const child = this.#current();
    return new Promise((resolve, reject) => {
      // A process that did not answer in time may still be working on it: kill it rather than risk a stale answer.
      const onAbort = (): void => this.#stop(child, signal.reason);
      const settle = (): void => signal.removeEventListener("abort", onAbort);
      child.exchange = {
        id: message.id,
        resolve: (value) => {
          settle();
          resolve(value);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      signal.addEventListener("abort", onAbort, { once: true });
      child.process.stdin.write(`${JSON.stringify(message)}\n`, (error) => {
        if (error) this.#stop(child, this.#failure("transport", "could not write to the policy process", error));
      });
    });
  }

  #current(): Child {
    if (this.#closed) throw this.#failure("cancelled", "the remote hook was closed");
    if (this.#child === undefined || this.#child.stopped) this.#child = this.#spawn();
    return this.#child;
  }

  #spawn(): Child {
    const { command, args, cwd, env } = this.#spec;
    const spawned = spawn(command, args, {
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
      // Its own process group, so that stopping it also stops what a launcher (`sh -c`, `npx`,
      // `uv run`) started: killing only the launcher would orphan the real backend.
      detached: OWN_PROCESS_GROUP,
      ...(cwd === undefined ? {} : { cwd }),
      ...(env === undefined ? {} : { env }),
    });
    let markExited: () => void = () => undefined;
    const child: Child = {
      process: spawned,
      decoder: new LineDecoder(MAX_MESSAGE_BYTES),
      exchange: undefined,
      stopped: false,
      exited: new Promise<void>((resolve) => (markExited = resolve)),
    };
    this.#children.add(child);
    const forget = OWN_PROCESS_GROUP ? killOnExit(spawned) : () => undefined;
    const gone = (): void => {
      forget();
      this.#children.delete(child);
      markExited();
    };
    spawned.stdout.on("data", (chunk: Buffer) => this.#read(child, chunk));
    spawned.stderr.resume();
    spawned.stdin.on("error", (error) => this.#stop(child, this.#failure("transport", "could not write to the policy process", error)));
    spawned.stdout.on("error", (error) => this.#stop(child, this.#failure("transport", "could not read from the policy process", error)));
    spawned.on("error", (error) => {
      this.#stop(child, this.#failure("transport", `could not start the policy process${codeOf(error)}`, error));
      if (spawned.pid === undefined) gone();
    });
    spawned.on("close", (code, signal) => {
      this.#stop(child, this.#failure("transport", `the policy process exited (${signal ?? `code ${String(code)}`})`));
      gone();
    });
    // A host that forgets close() must still be able to exit; the child sees EOF on stdin then.
    spawned.unref();
    [spawned.stdin, spawned.stdout, spawned.stderr].forEach(unref);
    return child;
  }

  #read(child: Child, chunk: Buffer): void {
    let lines: string[];
    try {
      lines = child.decoder.push(chunk);
    } catch {
      return this.#stop(child, this.#failure("protocol_rejection", "the policy process wrote a line that is too long or not UTF-8"));
    }
    for (const line of lines) {
      if (child.stopped) return;
      let value: unknown;
      try {
        value = JSON.parse(line) as unknown;
      } catch {
        return this.#stop(child, this.#failure("protocol_rejection", "the policy process wrote a line that is not JSON"));
      }
      const exchange = child.exchange;
      const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
      if (exchange === undefined || id !== exchange.id) {
        const detail = exchange === undefined ? "the policy process wrote a message nobody asked for" : "the response id does not match the request";
        return this.#stop(child, this.#failure("protocol_rejection", detail));
      }
      child.exchange = undefined;
      exchange.resolve(value);
    }
  }

  #stop(child: Child, reason: unknown): void {
    if (child.stopped) return;
    child.stopped = true;
    if (this.#child === child) this.#child = undefined;
    const exchange = child.exchange;
    child.exchange = undefined;
    exchange?.reject(reason);
    killGroup(child.process);
    // Our ends of the pipes: a grandchild that escaped the group cannot keep them, and `close` open.
    child.process.stdin.destroy();
    child.process.stdout.destroy();
    child.process.stderr.destroy();
  }

  #failure(failure: "transport" | "protocol_rejection" | "cancelled", detail: string, cause?: unknown): RemoteHookError {
    return new RemoteHookError(this.#backend, failure, detail, cause === undefined ? {} : { cause });
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : "";
}
