import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import type { BaseMessage } from "@langchain/core/messages";
import { z } from "zod";

/**
 * A tool whose runs wait, per thread, until the test opens that thread's gate (threads whose
 * gate was never closed run straight through). It counts starts and finishes per thread, so a
 * test can tell a run that was cut off from one that completed, and see a second run.
 */
export interface GatedTool {
  tool: StructuredToolInterface;
  /** Makes the tool's runs on `threadId` wait until {@link GatedTool.open} (or forever). */
  close(threadId: string): void;
  open(threadId: string): void;
  /** Resolves once a run on `threadId` has started. */
  started(threadId: string): Promise<void>;
  starts(threadId: string): number;
  finishes(threadId: string): number;
}

export function gatedTool(name: string): GatedTool {
  const gates = new Map<string, { promise: Promise<void>; open: () => void }>();
  const startWaiters = new Map<string, Array<() => void>>();
  const starts = new Map<string, number>();
  const finishes = new Map<string, number>();
  const bump = (counts: Map<string, number>, threadId: string) => counts.set(threadId, (counts.get(threadId) ?? 0) + 1);
  const created = tool(
    async (args: Record<string, unknown>, config) => {
      const threadId = String((config as { configurable?: { thread_id?: unknown } }).configurable?.thread_id ?? "");
      bump(starts, threadId);
      for (const wake of startWaiters.get(threadId)?.splice(0) ?? []) wake();
      // The gate is awaited whatever the signal says: a tool that ignores its signal is the hard case.
      await gates.get(threadId)?.promise;
      bump(finishes, threadId);
      return `${name} ran with ${JSON.stringify(args)}`;
    },
    { name, description: `The ${name} tool`, schema: z.object({ path: z.string() }) },
  ) as unknown as StructuredToolInterface;
  return {
    tool: created,
    close(threadId) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gates.set(threadId, { promise, open });
    },
    open(threadId) {
      gates.get(threadId)?.open();
    },
    started(threadId) {
      if ((starts.get(threadId) ?? 0) > 0) return Promise.resolve();
      return new Promise((resolve) => startWaiters.set(threadId, [...(startWaiters.get(threadId) ?? []), resolve]));
    },
    starts: (threadId) => starts.get(threadId) ?? 0,
    finishes: (threadId) => finishes.get(threadId) ?? 0,
  };
}

const IDS = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b[0-9a-f]{32}\b|\b[0-9a-f]{64}\b/g;

/** A JSON view of `value` with uuids, interrupt ids and digests blanked, for comparing twin threads. */
export function withoutIds(value: unknown, threadIds: readonly string[] = []): unknown {
  if (value === undefined) return undefined;
  let text = JSON.stringify(value);
  for (const threadId of threadIds) text = text.split(threadId).join("<thread>");
  return JSON.parse(text.replace(IDS, "<id>"));
}

/** What a message list says, without ids: type, content, status and the HITL decision of each message. */
export function transcript(values: unknown): Array<[string, unknown, unknown, unknown]> {
  const messages = ((values as { messages?: BaseMessage[] }).messages ?? []) as Array<BaseMessage & { status?: string }>;
  return messages.map((message) => [message.getType(), message.content, message.status, (message.additional_kwargs?.["hitl"] as { decision?: unknown } | undefined)?.decision]);
}
