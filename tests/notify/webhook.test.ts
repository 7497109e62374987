import { ApprovalToolNode, createMemoryCheckpointer, createWebhookSender, isHITLError, startApprovalNotifier, verifyWebhookSignature, type ApprovalEvent, type ApprovalNotifier } from "../../src/index.js";
import { signWebhookBody } from "../../src/notify/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { channelName } from "./notifier.cases.js";
import { startReceiver } from "./receiver.js";

/** The notifier's stats once `settled` holds of them (or as they are after 10 s, for the assertion to report). */
async function statsOnce(notifier: ApprovalNotifier, settled: (stats: ReturnType<ApprovalNotifier["stats"]>) => boolean): Promise<ReturnType<ApprovalNotifier["stats"]>> {
  const deadline = Date.now() + 10_000;
  while (!settled(notifier.stats()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return notifier.stats();
}

jest.setTimeout(30_000);

const SECRET = "whsec_test_0123456789abcdef";

function deployGraph(checkpointer = createMemoryCheckpointer()) {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
  return { graph, checkpointer };
}

const running: ApprovalNotifier[] = [];
const receivers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((notifier) => notifier.stop({ removeChannel: true })));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiverAnswering(answer: Parameters<typeof startReceiver>[1]) {
  const receiver = await startReceiver(SECRET, answer);
  receivers.push(receiver);
  return receiver;
}

describe("the webhook sender, with a real receiving server", () => {
  test("each event is POSTed as JSON, signed over timestamp and body; the receiver verifies it with verifyWebhookSignature and with the README's node:crypto recipe", async () => {
    const receiver = await receiverAnswering(() => 204);
    const { graph, checkpointer } = deployGraph();
    const notifier = startApprovalNotifier({ checkpointer, channel: channelName(), pollMs: 50, send: createWebhookSender({ url: receiver.url, secret: SECRET, headers: { authorization: "Bearer receiver-token" } }) });
    running.push(notifier);
    await notifier.ready;
    const config = newThread("hook");
    await graph.invoke(ask(), config);
    await receiver.until((requests) => requests.length === 1);
    const [request] = receiver.received;
    const event = JSON.parse(request!.body) as ApprovalEvent;
    expect(event).toMatchObject({ type: "ApprovalRequested", threadId: config.configurable.thread_id, requests: [{ name: "deploy" }] });
    expect([request!.eventId, request!.eventType]).toEqual([event.id, "ApprovalRequested"]);
    expect(request!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect([request!.verified, request!.recipe]).toEqual([true, true]);
    // The receiver sees the request before the sender has its answer: the count follows a moment later.
    expect(await statsOnce(notifier, (stats) => stats.delivered === 1)).toMatchObject({ delivered: 1, failedAttempts: 0 });
  });

  test("a changed body, another secret, an old timestamp (a replay) or no signature is refused", () => {
    const body = '{"type":"ApprovalRequested","id":"x"}';
    const now = Date.now();
    const signature = signWebhookBody(SECRET, body, Math.floor(now / 1000));
    expect(verifyWebhookSignature({ secret: SECRET, signature, body, now })).toEqual({ ok: true, timestamp: Math.floor(now / 1000) });
    expect(verifyWebhookSignature({ secret: SECRET, signature, body: body.replace("x", "y"), now })).toEqual({ ok: false, problem: "mismatch" });
    expect(verifyWebhookSignature({ secret: "another-secret-of-16", signature, body, now })).toEqual({ ok: false, problem: "mismatch" });
    expect(verifyWebhookSignature({ secret: SECRET, signature, body, now: now + 301_000 })).toEqual({ ok: false, problem: "stale" });
    expect(verifyWebhookSignature({ secret: SECRET, signature, body, now: now + 60_000, toleranceSeconds: 30 })).toEqual({ ok: false, problem: "stale" });
    expect(verifyWebhookSignature({ secret: SECRET, signature: null, body, now })).toEqual({ ok: false, problem: "missing" });
    expect(verifyWebhookSignature({ secret: SECRET, signature: "v1=abc", body, now })).toEqual({ ok: false, problem: "malformed" });
    expect(verifyWebhookSignature({ secret: SECRET, signature: `t=1,t=2,${signature.split(",")[1]}`, body, now })).toEqual({ ok: false, problem: "malformed" });
  });

  test("a receiver that fails is retried with backoff: the same event id each time, until it answers 2xx", async () => {
    const receiver = await receiverAnswering((_request, index) => (index < 2 ? 500 : 200));
    const { graph, checkpointer } = deployGraph();
    const notifier = startApprovalNotifier({ checkpointer, channel: channelName(), pollMs: 50, retry: { initialDelayMs: 200, maxDelayMs: 2_000 }, send: createWebhookSender({ url: receiver.url, secret: SECRET }) });
    running.push(notifier);
    await notifier.ready;
    await graph.invoke(ask(), newThread("retry"));
    await receiver.until((requests) => requests.length === 3);
    expect(new Set(receiver.received.map((request) => request.eventId)).size).toBe(1);
    const [first, second, third] = receiver.received.map((request) => request.at);
    // Waits drawn from [100, 200] then [200, 400] ms.
    expect(second! - first!).toBeGreaterThanOrEqual(90);
    expect(third! - second!).toBeGreaterThanOrEqual(190);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notifier.stats()).toMatchObject({ delivered: 1, failedAttempts: 2, deadLettered: 0, lastError: { message: "The webhook answered 500: not now" } });
    expect(receiver.received).toHaveLength(3);
  });

  test("after the last attempt the event is a dead letter, listed with its error; re-queued, it is delivered", async () => {
    let up = false;
    const receiver = await receiverAnswering(() => (up ? 200 : 503));
    const { graph, checkpointer } = deployGraph();
    const notifier = startApprovalNotifier({ checkpointer, channel: channelName(), pollMs: 50, retry: { maxAttempts: 3, initialDelayMs: 20, maxDelayMs: 40 }, send: createWebhookSender({ url: receiver.url, secret: SECRET }) });
    running.push(notifier);
    await notifier.ready;
    const config = newThread("dead");
    await graph.invoke(ask(), config);
    await receiver.until((requests) => requests.length === 3);
    const deadline = Date.now() + 10_000;
    while ((await notifier.deadLetters()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const letters = await notifier.deadLetters();
    expect(letters).toEqual([expect.objectContaining({ type: "ApprovalRequested", threadId: config.configurable.thread_id, attempts: 3, lastError: "The webhook answered 503: not now" })]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(3);
    up = true;
    expect(await notifier.requeue(letters.map((letter) => letter.eventId))).toBe(1);
    await receiver.until((requests) => requests.length === 4);
    expect(receiver.received[3]!.eventId).toBe(letters[0]!.eventId);
    expect(await notifier.deadLetters()).toEqual([]);
  });

  test("a chat-style body (the body option) is sent as given, unsigned without a secret", async () => {
    const receiver = await receiverAnswering(() => 200);
    const { graph, checkpointer } = deployGraph();
    const body = (event: ApprovalEvent) => ({ text: `${event.type} on ${event.threadId}` });
    const notifier = startApprovalNotifier({ checkpointer, channel: channelName(), pollMs: 50, send: createWebhookSender({ url: receiver.url, body }) });
    running.push(notifier);
    await notifier.ready;
    const config = newThread("chat");
    await graph.invoke(ask(), config);
    await receiver.until((requests) => requests.length === 1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({ text: `ApprovalRequested on ${config.configurable.thread_id}` });
    expect(receiver.received[0]!.signature).toBeUndefined();
  });

  test.each([
    ["a URL that is not http(s)", { url: "ftp://example.com/hook" }, ["url"]],
    ["a short secret", { url: "https://example.com/hook", secret: "short" }, ["secret"]],
    ["an unknown option", { url: "https://example.com/hook", retries: 3 }, []],
  ])("refuses %s with INVALID_OPTIONS naming the field", (_label, options, path) => {
    let caught: unknown;
    try {
      createWebhookSender(options as never);
    } catch (error) {
      caught = error;
    }
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
    expect((caught as { details: Array<{ path: string[] }> }).details[0]!.path).toEqual(path);
  });

  const noop = async (): Promise<void> => undefined;
  test.each([
    ["a send that is not a function", { send: "https://example.com" }, ["send"]],
    ["a send timeout not below the lease", { send: noop, sendTimeoutMs: 60_000, leaseMs: 60_000 }, ["sendTimeoutMs"]],
    ["a reminder lead under a second", { send: noop, reminders: [10] }, ["reminders", "0"]],
    ["a channel with spaces", { send: noop, channel: "my channel" }, ["channel"]],
    ["a checkpointer that records no approvals", { send: noop, checkpointer: {} }, ["checkpointer"]],
  ])("the notifier refuses %s with INVALID_OPTIONS naming the field", (_label, options, path) => {
    let caught: unknown;
    try {
      startApprovalNotifier({ checkpointer: createMemoryCheckpointer(), ...(options as object) } as never);
    } catch (error) {
      caught = error;
    }
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
    expect((caught as { details: Array<{ path: string[] }> }).details[0]!.path).toEqual(path);
  });
});
