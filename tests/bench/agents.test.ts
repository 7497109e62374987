import type * as AgentsModule from "../../bench/support/agents.js";
import type * as LibraryModule from "../../bench/support/library.js";

// The bench's agents load the library the bench measures; here, the source (no build needed).
let agents: typeof AgentsModule;
let library: typeof LibraryModule;
const measured = process.env["BENCH_LIBRARY"];
beforeAll(() => {
  process.env["BENCH_LIBRARY"] = "source";
  agents = require("../../bench/support/agents.js") as typeof AgentsModule;
  library = require("../../bench/support/library.js") as typeof LibraryModule;
});
// Test files of a worker share process.env: leave it as it was.
afterAll(() => {
  if (measured === undefined) delete process.env["BENCH_LIBRARY"];
  else process.env["BENCH_LIBRARY"] = measured;
});

/** Whether the next continuation of the thread, started while `run` is under way, finds the interrupt already answered. */
async function nextContinuationSeesItAnswered(run: Promise<unknown>, saver: Parameters<typeof LibraryModule.withThreadContinuation>[0], threadId: string): Promise<boolean> {
  const answered = library.withThreadContinuation(saver, threadId, async () => (await library.readThreadState(saver, threadId)).pending.length === 0);
  await run;
  return answered;
}

/** The bench's one-call approval agent on a fresh memory checkpointer, paused on a new thread. */
async function pausedAgent(prefix: string) {
  const saver = library.createMemoryCheckpointer();
  const agent = agents.approvalAgent(1, saver);
  const threadId = agents.newThreadId(prefix);
  return { saver, agent, threadId, interruptId: await agent.pause(threadId) };
}

describe("figure 3's raw Command under the lease", () => {
  it("is the thread's one continuation: the next continuation starts only once its run has answered the interrupt", async () => {
    const { saver, agent, threadId, interruptId } = await pausedAgent("leased");

    await expect(nextContinuationSeesItAnswered(agent.leasedRawResume(threadId, interruptId), saver, threadId)).resolves.toBe(true);
  });

  it("resumes the thread as the raw Command does: the approved call runs and the run finishes", async () => {
    const { agent, threadId, interruptId } = await pausedAgent("leased");
    const result = (await agent.leasedRawResume(threadId, interruptId)) as { messages: Array<{ getType(): string; content: unknown }>; __interrupt__?: unknown };

    expect(result.__interrupt__).toBeUndefined();
    expect(result.messages.filter((message) => message.getType() === "tool").map((message) => message.content)).toEqual(["result 0"]);
  });

  it("differs from a raw Command, which holds no lease: another continuation starts at once and finds the interrupt pending", async () => {
    const { saver, agent, threadId, interruptId } = await pausedAgent("raw");

    await expect(nextContinuationSeesItAnswered(agent.rawResume(threadId, interruptId), saver, threadId)).resolves.toBe(false);
  });
});
