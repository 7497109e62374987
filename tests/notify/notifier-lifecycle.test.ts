import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ApprovalToolNode, createMemoryCheckpointer, getInterrupt, isHITLError, resume, startApprovalNotifier, type ApprovalEvent, type ApprovalNotifier } from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { channelName, recordingNotifier } from "./notifier.cases.js";

jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deployGraph(checkpointer = createMemoryCheckpointer()) {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], checkpointer);
  return { graph, checkpointer, deploy };
}

const running: ApprovalNotifier[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((notifier) => notifier.stop({ removeChannel: true })));
});

describe("the notifier's lifecycle", () => {
  test("a send that hangs past sendTimeoutMs fails the attempt (its signal aborted) and is retried", async () => {
    const { graph, checkpointer } = deployGraph();
    const signals: AbortSignal[] = [];
    const delivered: ApprovalEvent[] = [];
    const notifier = startApprovalNotifier({
      checkpointer,
      channel: channelName(),
      pollMs: 50,
      sendTimeoutMs: 200,
      leaseMs: 5_000,
      retry: { initialDelayMs: 50, maxDelayMs: 50 },
      send: async (event, { attempt, signal }) => {
        signals.push(signal);
        if (attempt === 1) return new Promise<void>(() => undefined);
        delivered.push(event);
      },
    });
    running.push(notifier);
    await notifier.ready;
    await graph.invoke(ask(), newThread("hang"));
    const until = Date.now() + 10_000;
    while (delivered.length === 0 && Date.now() < until) await sleep(20);
    expect(delivered).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(notifier.stats()).toMatchObject({ delivered: 1, failedAttempts: 1, lastError: { message: "The send did not finish within 200 ms." } });
  });

  test("stop() during a send aborts its signal; that attempt counts as failed, and the next notifier of the channel delivers the event", async () => {
    const { graph, checkpointer } = deployGraph();
    const channel = channelName();
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    let aborted = false;
    const first = startApprovalNotifier({
      checkpointer,
      channel,
      pollMs: 50,
      leaseMs: 1_000,
      sendTimeoutMs: 900,
      send: (_event, { signal }) =>
        new Promise<void>((_, reject) => {
          started();
          signal.addEventListener("abort", () => {
            aborted = true;
            reject(signal.reason);
          });
        }),
    });
    await first.ready;
    const config = newThread("handover");
    await graph.invoke(ask(), config);
    await inFlight;
    await first.stop();
    expect(aborted).toBe(true);
    const { notifier, received } = await recordingNotifier(checkpointer, { channel });
    running.push(notifier);
    const [event] = await received.until((events) => events.length > 0);
    expect(event).toMatchObject({ type: "ApprovalRequested", threadId: config.configurable.thread_id });
    expect(received.attempts[0]!.attempt).toBe(2);
  });

  test("an approval inside a subgraph is announced once and resolved once (the root inbox holds it)", async () => {
    const deploy = countingTool("deploy");
    const script = (messages: BaseMessage[]) =>
      messages.some((message) => message.getType() === "tool") ? new AIMessage("done") : new AIMessage({ content: "", tool_calls: [{ name: "deploy", args: { path: "app" }, id: "d1", type: "tool_call" }] });
    const inner = scriptedAgent(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), script, false).graph;
    const checkpointer = createMemoryCheckpointer();
    const graph = new StateGraph(MessagesAnnotation).addNode("team", inner).addEdge(START, "team").addEdge("team", END).compile({ checkpointer });
    const { notifier, received } = await recordingNotifier(checkpointer);
    running.push(notifier);
    const config = newThread("sub");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    await received.until((events) => events.length >= 2);
    await sleep(300);
    expect(received.events.map((event) => [event.type, event.interruptId])).toEqual([
      ["ApprovalRequested", pending!.interruptId],
      ["ApprovalResolved", pending!.interruptId],
    ]);
    expect(received.events[1]).toMatchObject({ outcome: "decided" });
    expect(deploy.count).toBe(1);
  });

  test("deadLetters() and requeue() refuse bad arguments with INVALID_OPTIONS", async () => {
    const { checkpointer } = deployGraph();
    const { notifier } = await recordingNotifier(checkpointer);
    running.push(notifier);
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return isHITLError(error) ? error.code : "other";
      }
      return "none";
    };
    expect(codeOf(() => notifier.deadLetters({ limit: 0 }))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => notifier.requeue("abc" as never))).toBe("INVALID_OPTIONS");
    expect(codeOf(() => notifier.requeue([1] as never))).toBe("INVALID_OPTIONS");
    expect(await notifier.requeue([])).toBe(0);
  });
});
