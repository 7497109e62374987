import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";

/** How many finished calls are remembered; old entries go first. */
const CAPACITY = 1_000;

/**
 * Results of tool calls that finished while their node did not (a sibling threw with
 * `handleToolErrors: false`, or the node is retried). When LangGraph runs the node again
 * in this process, those calls are answered from here instead of running a second time.
 */
export class CompletedCalls {
  readonly #results = new Map<string, ToolMessage | Command>();

  get(key: string): ToolMessage | Command | undefined {
    return this.#results.get(key);
  }

  remember(key: string, result: ToolMessage | Command): void {
    this.#results.set(key, result);
    if (this.#results.size > CAPACITY) {
      const oldest = this.#results.keys().next().value;
      if (oldest !== undefined) this.#results.delete(oldest);
    }
  }

  forget(keys: Iterable<string>): void {
    for (const key of keys) this.#results.delete(key);
  }
}
