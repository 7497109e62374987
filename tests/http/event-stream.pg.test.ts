import { resume } from "../../src/index.js";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { deployAgent, pause } from "../inbox/watch-support.js";
import { serveOnLoopback } from "./server.js";
import { openEventStream } from "./sse-client.js";

const authenticate = (): AuthResult => ({ id: "u-alice" });

let db: TestDatabase;
let replicaA: HITLPostgresSaver;
let replicaB: HITLPostgresSaver;

beforeAll(async () => {
  db = await createTestDatabase();
  replicaA = await createPostgresCheckpointer(db.url);
  replicaB = await createPostgresCheckpointer(db.url);
});

afterAll(async () => {
  await replicaA?.end();
  await replicaB?.end();
  await db?.drop();
});

test("a pause and a resolve through replica A's graph arrive as events on replica B's handler; B's listener closes when its last stream does", async () => {
  const a = deployAgent(replicaA);
  const b = deployAgent(replicaB);
  const handlerB = createApprovalHandler({ graph: b.graph, authenticate });
  const serverB = await serveOnLoopback(handlerB);
  const { reader, abort } = await openEventStream(`${serverB.url}/interrupts`);
  await reader.next((event) => event.event === "snapshot");
  expect(replicaB.inboxNotifications.listenerPid).toEqual(expect.any(Number));

  const paused = await pause(a.graph, "sse-pg");
  const raised = await reader.next((event) => event.event === "raised");
  expect(raised.json).toMatchObject({ interrupt: { threadId: paused.threadId, interruptId: paused.interruptId, payload: { type: "tool_approval" } } });

  await resume(a.graph, paused.config, [{ type: "approve" }], { interruptId: paused.interruptId });
  expect(await reader.next((event) => event.event === "resolved")).toMatchObject({ json: { threadId: paused.threadId } });
  expect(a.deploy.count).toBe(1);

  abort();
  const deadline = Date.now() + 5_000;
  while (replicaB.inboxNotifications.listenerPid !== undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(replicaB.inboxNotifications.listenerPid).toBeUndefined();
  await handlerB.close();
  await serverB.close();
});
