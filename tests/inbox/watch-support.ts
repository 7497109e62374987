import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { PendingInterruptChange } from "../../src/inbox/change-feed.js";
import { ApprovalToolNode, getInterrupt, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

/**
 * Reads a watch in the background and hands its changes to a test in order:
 * `await reader.next((change) => …)` skips changes until one matches (failing after `timeoutMs`).
 */
export class ChangeReader {
  readonly seen: PendingInterruptChange[] = [];
  #position = 0;
  #wake: (() => void) | undefined;
  #ended = false;
  #failure: unknown;

  constructor(changes: AsyncIterable<PendingInterruptChange>) {
    void (async () => {
      try {
        for await (const change of changes) {
          this.seen.push(change);
          this.#wake?.();
        }
      } catch (error) {
        this.#failure = error;
      } finally {
        this.#ended = true;
        this.#wake?.();
      }
    })();
  }

  get ended(): boolean {
    return this.#ended;
  }

  async next(matches: (change: PendingInterruptChange) => boolean = () => true, timeoutMs = 10_000): Promise<PendingInterruptChange> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#position < this.seen.length) {
        const change = this.seen[this.#position++]!;
        if (matches(change)) return change;
      }
      if (this.#ended) throw new Error(`the watch ended (${String(this.#failure ?? "no error")}) before a matching change; saw ${JSON.stringify(this.seen.map((c) => c.type))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching change within ${timeoutMs} ms; saw ${JSON.stringify(this.seen)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => (clearTimeout(timer), resolve());
      });
    }
  }

  /** Resolves once the watch has ended. */
  async end(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#ended) {
      if (Date.now() > deadline) throw new Error("the watch did not end");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const isRaisedOn = (threadId: string) => (change: PendingInterruptChange) => change.type === "raised" && change.interrupt.threadId === threadId;
export const isGoneOn = (type: "resolved" | "expired", threadId: string) => (change: PendingInterruptChange) => change.type === type && change.threadId === threadId;

/** A deploy agent on `checkpointer` whose call waits for review (with a deadline when `expiresInMs` is given). */
export function deployAgent(checkpointer: BaseCheckpointSaver, expiresInMs?: number) {
  const deploy = countingTool("deploy");
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: expiresInMs === undefined ? true : { expiresInMs } } });
  const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
  return { graph, deploy };
}

/** Starts a run on a fresh thread of `graph`; it pauses for review. */
export async function pause(graph: ReturnType<typeof deployAgent>["graph"], prefix = "watch") {
  const config = newThread(prefix);
  await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { config, threadId: config.configurable.thread_id, interruptId: pending!.interruptId };
}
