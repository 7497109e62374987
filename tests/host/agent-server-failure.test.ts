// What the host helpers throw when the Agent Server behind a RemoteGraph fails a run's request:
// the real RemoteGraph and SDK against a loopback server that answers every request with the
// status its thread id names (`t-500` → 500), as a failing or busy Agent Server would.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@langchain/langgraph-sdk";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { HITLError, isHITLError, start, startStream } from "../../src/index.js";
import { agentServerFailure } from "../../src/host/agent-server-failure.js";

let server: Server;
let remote: RemoteGraph;

beforeAll(async () => {
  server = createServer((request, response) => {
    const status = Number(/t-(\d{3})/.exec(request.url ?? "")?.[1] ?? 500);
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ detail: status === 422 ? "Thread is already running a task. Wait for it to finish or choose a different multitask strategy." : "boom" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  remote = new RemoteGraph({ graphId: "agent", client: new Client({ apiUrl, callerOptions: { maxRetries: 0 } }) });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = { messages: [{ role: "user", content: "deploy billing" }] };
const config = (threadId: string) => ({ configurable: { thread_id: threadId } });

describe("a run sent to an Agent Server that fails it", () => {
  test.each([
    ["start()", (threadId: string) => start(remote, input, config(threadId))],
    ["startStream()", async (threadId: string) => {
      const stream = await startStream(remote, input, config(threadId));
      for await (const _chunk of stream) void _chunk;
      return stream.outcome;
    }],
  ])("%s answered HTTP 500: AGENT_SERVER_FAILED naming the status, saying the run had been sent and its outcome is unknown", async (_label, run) => {
    const error = await run("t-500").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "HITLError", code: "AGENT_SERVER_FAILED", threadId: "t-500", details: [{ path: ["graph"], received: 500 }] });
    expect((error as Error).message).toContain("whether the server went through with it is unknown");
  });

  test("refused because the thread is running another run (HTTP 422, the JS server's answer): THREAD_BUSY, saying nothing of this submission was sent", async () => {
    const error = await start(remote, input, config("t-422")).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "HITLError", code: "THREAD_BUSY", threadId: "t-422", message: expect.stringContaining("Nothing of this submission was sent") });
  });
});

describe("agentServerFailure leaves what is not the server's failure alone", () => {
  test.each([
    ["an error the server's run raised (a tool's)", new Error("gateway timeout")],
    ["this library's own error", new HITLError("INVALID_SIGNATURE", "refused")],
    ["a value that is not an error", "HTTP 500"],
  ])("%s: undefined, so it is rethrown as it is", (_label, error) => {
    expect(agentServerFailure(error, "run", "t")).toBeUndefined();
  });

  test("a busy thread while only reading is not THREAD_BUSY (nothing was sent): it is the server failing the read", async () => {
    const busy = await new Client({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, callerOptions: { maxRetries: 0 } }).threads.getState("t-422").catch((e: unknown) => e);
    const failure = agentServerFailure(busy, "read", "t-422");
    expect(isHITLError(failure, "AGENT_SERVER_FAILED")).toBe(true);
    expect(failure?.message).toContain("nothing was sent");
  });
});
