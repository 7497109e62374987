import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { Command } from "@langchain/langgraph";
import { getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { startApprovalNotifier, type ApprovalEvent, type ApprovalNotifier, type ApprovalNotifierOptions } from "../../src/notify/index.js";
import type { Adapter } from "../behaviour/harness.js";
import { ask, countingTool, newThread } from "../support/fixtures.js";

/** The checkpointer a notifier case runs on: a memory one per test, or the file's Postgres saver. */
export type NotifierSaverFactory = () => BaseCheckpointSaver & object;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects what a notifier sends; `until` waits (generously) for events matching a predicate. */
export class Received {
  readonly events: ApprovalEvent[] = [];
  readonly attempts: Array<{ id: string; attempt: number; at: number }> = [];

  onThread(threadId: string): ApprovalEvent[] {
    return this.events.filter((event) => event.threadId === threadId);
  }

  async until(matches: (events: ApprovalEvent[]) => boolean, timeoutMs = 15_000): Promise<ApprovalEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (!matches(this.events)) {
      if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(this.events.map((event) => [event.type, event.threadId]))}`);
      await sleep(20);
    }
    return this.events;
  }
}

let channels = 0;
/** A channel name of its own per notifier, so tests sharing one Postgres saver never see each other's events. */
export function channelName(): string {
  channels += 1;
  return `c${process.pid}-${channels}-${Date.now()}`;
}

/** Starts a notifier that records everything it is sent; stop it with `stop({ removeChannel: true })`. */
export async function recordingNotifier(checkpointer: object, options: Partial<ApprovalNotifierOptions> = {}): Promise<{ notifier: ApprovalNotifier; received: Received }> {
  const received = new Received();
  const notifier = startApprovalNotifier({
    checkpointer,
    channel: channelName(),
    pollMs: 50,
    send: async (event, { attempt }) => {
      received.attempts.push({ id: event.id, attempt, at: Date.now() });
      received.events.push(event);
    },
    ...options,
  });
  await notifier.ready;
  return { notifier, received };
}

function deployApproval(adapter: Adapter, checkpointer: BaseCheckpointSaver, expiresInMs?: number) {
  const deploy = countingTool("deploy");
  const setup = adapter.approvals([deploy.tool], { interruptOn: { deploy: expiresInMs === undefined ? { description: "Deploys need a person" } : { expiresInMs } } });
  const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
  return { graph, deploy };
}

async function pause(graph: ReturnType<typeof deployApproval>["graph"]) {
  const config = newThread("notify");
  await graph.invoke(ask(), config);
  const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
  return { config, threadId: config.configurable.thread_id, interruptId: pending!.interruptId, payload: pending!.payload };
}

const ofType = (type: ApprovalEvent["type"]) => (event: ApprovalEvent) => event.type === type;

/** Notification behaviour every checkpointer and adapter keeps. */
export function notifierCases(saver: NotifierSaverFactory, adapter: Adapter): void {
  describe("approval notifications", () => {
    let running: ApprovalNotifier[] = [];
    const start = async (checkpointer: object, options: Partial<ApprovalNotifierOptions> = {}) => {
      const started = await recordingNotifier(checkpointer, options);
      running.push(started.notifier);
      return started;
    };
    afterEach(async () => {
      await Promise.all(running.map((notifier) => notifier.stop({ removeChannel: true })));
      running = [];
    });

    test("one ApprovalRequested per new approval, with its thread, interrupt, requests, deadline and the host's link; none for approvals raised before the channel", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer, 600_000);
      const before = await pause(graph);
      const { received } = await start(checkpointer, { link: ({ threadId, interruptId }) => `https://app.example.com/approvals/${threadId}?i=${interruptId}` });
      const paused = await pause(graph);
      await received.until((events) => events.some((event) => event.threadId === paused.threadId));
      await sleep(300);
      expect(received.onThread(before.threadId)).toEqual([]);
      const [requested, ...more] = received.onThread(paused.threadId);
      expect(more).toEqual([]);
      expect(requested).toMatchObject({
        type: "ApprovalRequested",
        id: `${requested!.approvalId}:requested`,
        threadId: paused.threadId,
        interruptId: paused.interruptId,
        expiresAt: paused.payload.expires_at,
        link: `https://app.example.com/approvals/${paused.threadId}?i=${paused.interruptId}`,
        requests: [{ toolCallId: "d1", name: "deploy", arguments: { path: "app" } }],
        payload: { type: "tool_approval", action_requests: [{ tool_call_id: "d1", digest: expect.any(String) }] },
      });
      expect(requested!.approvalId).toMatch(/^[0-9a-f]{32}$/);
    });

    test("a refused answer raises the approval again: no second ApprovalRequested; ApprovalResolved keeps the approvalId and names the interrupt that was answered, who decided and how", async () => {
      const checkpointer = saver();
      const { graph, deploy } = deployApproval(adapter, checkpointer);
      const { received } = await start(checkpointer);
      const paused = await pause(graph);
      await received.until((events) => events.some((event) => event.threadId === paused.threadId));
      await graph.invoke(new Command({ resume: { [paused.interruptId]: [{ type: "maybe" }] } }), paused.config);
      const again = await getInterrupt<ToolApprovalInterruptPayload>(graph, paused.config);
      expect(again!.interruptId).not.toBe(paused.interruptId);
      expect(again!.payload.error).toMatchObject({ code: "INVALID_DECISION" });
      await resume(graph, paused.config, [{ type: "approve" }], { interruptId: again!.interruptId, reviewer: { id: "dana", name: "Dana" } });
      expect(deploy.count).toBe(1);
      await received.until((events) => events.some((event) => event.threadId === paused.threadId && event.type === "ApprovalResolved"));
      await sleep(300);
      const events = received.onThread(paused.threadId);
      expect(events.map((event) => event.type)).toEqual(["ApprovalRequested", "ApprovalResolved"]);
      expect(events[1]).toMatchObject({
        approvalId: events[0]!.approvalId,
        id: `${events[0]!.approvalId}:resolved`,
        interruptId: again!.interruptId,
        outcome: "decided",
        reviewer: { id: "dana", name: "Dana" },
        decisions: [{ toolCallId: "d1", type: "approve" }],
      });
    });

    test("ApprovalResolved says how each approval left: expired, superseded by an update, deleted with its thread", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer);
      const { graph: bounded } = deployApproval(adapter, checkpointer, 150);
      const { received } = await start(checkpointer);
      const expiring = await pause(bounded);
      const updated = await pause(graph);
      const deleted = await pause(graph);
      await sleep(250);
      await resume(bounded, expiring.config, {}, { interruptId: expiring.interruptId });
      await graph.updateState(updated.config, { messages: [] }, adapter.kind === "node" ? "agent" : "model_request");
      await (checkpointer as unknown as { deleteThread(id: string): Promise<void> }).deleteThread(deleted.threadId);
      const resolved = (threadId: string) => received.events.find((event) => event.threadId === threadId && event.type === "ApprovalResolved");
      await received.until(() => [expiring, updated, deleted].every(({ threadId }) => resolved(threadId) !== undefined));
      expect(resolved(expiring.threadId)).toMatchObject({ outcome: "expired" });
      expect(resolved(updated.threadId)).toMatchObject({ outcome: "superseded" });
      expect(resolved(deleted.threadId)).toMatchObject({ outcome: "deleted" });
      expect(resolved(expiring.threadId)).not.toHaveProperty("reviewer");
      // Each resolution comes after its approval's announcement (an approval's events arrive in order).
      for (const { threadId } of [expiring, updated]) expect(received.onThread(threadId).map((event) => event.type)).toEqual(["ApprovalRequested", "ApprovalResolved"]);
    });

    test("a channel records while no notifier runs; an approval whose thread was deleted meanwhile is not announced, only resolved (deleted)", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer);
      const first = await recordingNotifier(checkpointer);
      await first.notifier.stop();
      const kept = await pause(graph);
      const deleted = await pause(graph);
      await (checkpointer as unknown as { deleteThread(id: string): Promise<void> }).deleteThread(deleted.threadId);
      const { notifier, received } = await start(checkpointer, { channel: first.notifier.channel });
      await received.until((events) => events.some((event) => event.threadId === deleted.threadId) && events.some((event) => event.threadId === kept.threadId));
      await sleep(300);
      expect(received.onThread(kept.threadId).map((event) => event.type)).toEqual(["ApprovalRequested"]);
      expect(received.onThread(deleted.threadId)).toEqual([expect.objectContaining({ type: "ApprovalResolved", outcome: "deleted" })]);
      expect(notifier.stats()).toMatchObject({ dropped: 1 });
    });

    test("reminders: one ApprovalReminder per lead time while the approval waits; none for a lead time longer than the approval ever had", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer, 2_500);
      const { received } = await start(checkpointer, { reminders: [2_000, 60_000] });
      const paused = await pause(graph);
      const reminders = await received.until((events) => events.some((event) => event.threadId === paused.threadId && event.type === "ApprovalReminder"));
      await sleep(800);
      const own = reminders.filter((event) => event.threadId === paused.threadId && event.type === "ApprovalReminder");
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ remindBeforeMs: 2_000, expiresAt: paused.payload.expires_at, interruptId: paused.interruptId, requests: [{ name: "deploy" }] });
      expect(own[0]!.id).toBe(`${own[0]!.approvalId}:reminder:2000`);
      expect(Date.parse(own[0]!.occurredAt)).toBe(Date.parse(paused.payload.expires_at!) - 2_000);
    });

    test("a failing send is retried with growing waits, dead-lettered after the last attempt, and delivered once re-queued", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer);
      let refuse = true;
      const attempts: Array<{ attempt: number; at: number }> = [];
      const { notifier, received } = await start(checkpointer, {
        retry: { maxAttempts: 4, initialDelayMs: 100, maxDelayMs: 1_000 },
        send: async (event, { attempt }) => {
          attempts.push({ attempt, at: Date.now() });
          if (refuse) throw new Error(`receiver down (attempt ${attempt})`);
          received.events.push(event);
        },
      });
      const paused = await pause(graph);
      const deadline = Date.now() + 15_000;
      while ((await notifier.deadLetters()).length === 0 && Date.now() < deadline) await sleep(50);
      expect(attempts.map((entry) => entry.attempt)).toEqual([1, 2, 3, 4]);
      // Waits of 100, 200 and 400 ms, each drawn from its upper half (jitter).
      const gaps = attempts.slice(1).map((entry, index) => entry.at - attempts[index]!.at);
      expect(gaps[0]).toBeGreaterThanOrEqual(45);
      expect(gaps[2]!).toBeGreaterThanOrEqual(190);
      const [dead] = await notifier.deadLetters();
      expect(dead).toMatchObject({ type: "ApprovalRequested", threadId: paused.threadId, interruptId: paused.interruptId, attempts: 4, lastError: "receiver down (attempt 4)" });
      expect(notifier.stats()).toMatchObject({ failedAttempts: 4, deadLettered: 1, delivered: 0, lastError: { message: "receiver down (attempt 4)" } });
      refuse = false;
      expect(await notifier.requeue([dead!.eventId, "no-such-event"])).toBe(1);
      const [delivered] = await received.until((events) => events.length > 0);
      expect(delivered).toMatchObject({ id: dead!.eventId, type: "ApprovalRequested" });
      expect(attempts[attempts.length - 1]!.attempt).toBe(1);
      expect(await notifier.deadLetters()).toEqual([]);
    });

    test("a failure whose text a database cannot store (a NUL from a binary answer, a surrogate pair cut by the 2 000-character bound) is dead-lettered with U+FFFD in its place", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer);
      const attempts: number[] = [];
      const { notifier } = await start(checkpointer, {
        retry: { maxAttempts: 2, initialDelayMs: 50, maxDelayMs: 100 },
        send: async (_event, { attempt }) => {
          attempts.push(attempt);
          throw new Error(`${"x".repeat(1_998)}\u0000\u{1F600}`);
        },
      });
      const paused = await pause(graph);
      const deadline = Date.now() + 15_000;
      while ((await notifier.deadLetters()).length === 0 && Date.now() < deadline) await sleep(50);
      const [dead] = await notifier.deadLetters();
      expect(dead).toMatchObject({ threadId: paused.threadId, attempts: 2, lastError: `${"x".repeat(1_998)}\uFFFD\uFFFD` });
      expect(attempts).toEqual([1, 2]);
    });

    test("two notifiers of one channel deliver each event once between them; another channel gets its own copy", async () => {
      const checkpointer = saver();
      const { graph } = deployApproval(adapter, checkpointer);
      const first = await start(checkpointer);
      const second = await start(checkpointer, { channel: first.notifier.channel });
      const other = await start(checkpointer);
      const threads: string[] = [];
      for (let index = 0; index < 4; index += 1) threads.push((await pause(graph)).threadId);
      const mine = (events: ApprovalEvent[]) => events.filter((event) => threads.includes(event.threadId));
      await other.received.until((events) => mine(events).length === 4);
      const deadline = Date.now() + 15_000;
      while (mine([...first.received.events, ...second.received.events]).length < 4 && Date.now() < deadline) await sleep(20);
      await sleep(300);
      const shared = mine([...first.received.events, ...second.received.events]).filter(ofType("ApprovalRequested"));
      expect(shared.map((event) => event.threadId).sort()).toEqual([...threads].sort());
      expect(mine(other.received.events).map((event) => event.threadId).sort()).toEqual([...threads].sort());
    });
  });
}
