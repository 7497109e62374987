/**
 * The demos' keyboard: one line per answer, read the same way whether a person types it at a
 * terminal or a script pipes it in. Lines that arrive before their question is asked wait in
 * order (a pipe delivers everything at once), so `printf 'e\n{"path":"/tmp/x"}\n' | npm run demo`
 * answers two prompts as two typed lines would.
 */
import { createInterface, type Interface } from "node:readline";

/** The person pressed Ctrl-C (or Ctrl-D) at a terminal prompt. */
export class PromptCancelled extends Error {
  override readonly name = "PromptCancelled";
}

/** The piped input ended before a required answer: nothing more can be decided. */
export class InputEnded extends Error {
  override readonly name = "InputEnded";
}

/** Whether answers come from a person at a terminal (rather than a pipe or a file). */
export function atTerminal(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true;
}

interface Waiter {
  resolve(line: string): void;
  reject(error: Error): void;
  /** What the end of piped input answers: `undefined` when an answer is required. */
  onEnd: string | undefined;
}

/** A queue of input lines over one readline interface. */
export class LineReader {
  readonly #rl: Interface;
  readonly #terminal: boolean;
  readonly #lines: string[] = [];
  #waiter: Waiter | undefined;
  #ended = false;
  #cancelled = false;

  constructor(terminal = atTerminal()) {
    this.#terminal = terminal;
    this.#rl = createInterface({ input: process.stdin, output: process.stdout, terminal });
    this.#rl.on("line", (line) => this.#take(line));
    this.#rl.on("close", () => this.#end());
    // Ctrl-C at a terminal in raw mode arrives here, not as a signal: it cancels the demo.
    this.#rl.on("SIGINT", () => this.#cancel());
  }

  /**
   * Prints `question` and resolves with the next line, trimmed. Rejects with
   * {@link PromptCancelled} on Ctrl-C / Ctrl-D at a terminal, and with {@link InputEnded} when
   * piped input ends — unless `onEnd` says what its end answers (for an optional answer).
   */
  ask(question: string, onEnd?: string): Promise<string> {
    if (this.#cancelled) return Promise.reject(new PromptCancelled("cancelled at the prompt"));
    this.#showPrompt(question);
    const queued = this.#lines.shift();
    if (queued !== undefined) return Promise.resolve(this.#echo(queued));
    if (this.#ended) return this.#atEnd(onEnd);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject, onEnd };
    });
  }

  /**
   * Prints the question. Once the input has closed, readline refuses `prompt()` (Node 24 throws
   * `ERR_USE_AFTER_CLOSE`; earlier lines printed it anyway), so the question is written directly:
   * the transcript still shows what the end of the input answered.
   */
  #showPrompt(question: string): void {
    if (this.#ended) {
      process.stdout.write(question);
      return;
    }
    this.#rl.setPrompt(question);
    this.#rl.prompt();
  }

  /** Stops reading: the demo is done. */
  close(): void {
    this.#waiter = undefined;
    this.#rl.close();
  }

  #take(line: string): void {
    const waiter = this.#waiter;
    if (waiter === undefined) {
      this.#lines.push(line);
      return;
    }
    this.#waiter = undefined;
    waiter.resolve(this.#echo(line));
  }

  /** A piped answer is not echoed by any terminal: print it, so the transcript reads as typed. */
  #echo(line: string): string {
    if (!this.#terminal) process.stdout.write(`${line}\n`);
    return line.trim();
  }

  #atEnd(onEnd: string | undefined): Promise<string> {
    if (this.#terminal) return Promise.reject(new PromptCancelled("the input was closed at the prompt"));
    if (onEnd !== undefined) {
      process.stdout.write("\n");
      return Promise.resolve(onEnd);
    }
    return Promise.reject(new InputEnded("the input ended before an answer"));
  }

  #end(): void {
    this.#ended = true;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    if (waiter !== undefined) this.#atEnd(waiter.onEnd).then(waiter.resolve, waiter.reject);
  }

  #cancel(): void {
    this.#cancelled = true;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.reject(new PromptCancelled("cancelled at the prompt"));
  }
}
