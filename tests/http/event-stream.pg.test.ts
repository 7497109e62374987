import { resume } from "../../src/index.js";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { useTwoReplicas } from "../support/postgres/use-checkpointer.js";
import { deployAgent, pause } from "../inbox/watch-support.js";
import { serveOnLoopback } from "./server.js";
import { openEventStream } from "./sse-client.js";

const authenticate = (): AuthResult => ({ id: "u-alice" });

/** Two replicas: separate savers, each with its own pool, on one database. */
const replicas = useTwoReplicas();

test("a pause and a resolve through replica A's graph arrive as events on replica B's handler; B's listener closes when its last stream does", async () => {
  const a = deployAgent(replicas.a);
  const b = deployAgent(replicas.b);
  const handlerB = createApprovalHandler({ graph: b.graph, authenticate });
  const serverB = await serveOnLoopback(handlerB);
  const { reader, abort } = await openEventStream(`${serverB.url}/interrupts`);
  await reader.next((event) => event.event === "snapshot");
  expect(replicas.b.inboxNotifications.listenerPid).toEqual(expect.any(Number));

  const paused = await pause(a.graph, "sse-pg");
  const raised = await reader.next((event) => event.event === "raised");
  expect(raised.json).toMatchObject({ interrupt: { threadId: paused.threadId, interruptId: paused.interruptId, payload: { type: "tool_approval" } } });

  await resume(a.graph, paused.config, [{ type: "approve" }], { interruptId: paused.interruptId });
  expect(await reader.next((event) => event.event === "resolved")).toMatchObject({ json: { threadId: paused.threadId } });
  expect(a.deploy.count).toBe(1);

  abort();
  const deadline = Date.now() + 5_000;
  while (replicas.b.inboxNotifications.listenerPid !== undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(replicas.b.inboxNotifications.listenerPid).toBeUndefined();
  await handlerB.close();
  await serverB.close();
});
