import { ApprovalToolNode, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { createApprovalHandler } from "../../src/http/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { startRestartablePostgres, type RestartablePostgres } from "../support/postgres/restartable-postgres.js";

jest.setTimeout(60_000);

let server: RestartablePostgres;
let saver: HITLPostgresSaver;

/** Stops or starts the Postgres child and waits until it is carried out. */
const postgres = (command: "down" | "up"): Promise<void> => server.command(command);

beforeAll(async () => {
  server = await startRestartablePostgres();
  saver = await createPostgresCheckpointer(server.pool);
});
afterAll(async () => {
  await saver.end().catch(() => undefined);
  await server.stop();
});

function pausedAgent() {
  const tool = countingTool("deploy");
  const node = new ApprovalToolNode([tool.tool], { interruptOn: { deploy: true } });
  return { tool, ...agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver) };
}

describe("when Postgres goes away", () => {
  test("a run paused before Postgres restarts is resumed afterwards", async () => {
    const { graph, tool } = pausedAgent();
    const config = newThread("restart");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    await postgres("down");
    await postgres("up");
    const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(tool.count).toBe(1);
    expect(toolMessages(values)[0]?.status).toBe("success");
  });

  test("resume() while Postgres is down fails with DATABASE_UNAVAILABLE and changes nothing; the same resume succeeds once it is back", async () => {
    const { graph, tool } = pausedAgent();
    const config = newThread("outage");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    await postgres("down");
    const error = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId }).catch((e: unknown) => e);
    expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(true);
    expect(tool.count).toBe(0);
    await postgres("up");
    expect((await getInterrupt(graph, config))?.interruptId).toBe(pending!.interruptId);
    await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(tool.count).toBe(1);
  });
});

describe("the approval handler when Postgres goes away", () => {
  test("answers 503 DATABASE_UNAVAILABLE while the database is down, and works again once it is back", async () => {
    const { graph, tool } = pausedAgent();
    const handler = createApprovalHandler({ graph, authenticate: () => ({ id: "ops" }) });
    const config = newThread("http-outage");
    await graph.invoke(ask(), config);
    const pending = await getInterrupt(graph, config);
    const resumeRequest = () =>
      handler(
        new Request(`http://local/threads/${config.configurable.thread_id}/resume`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ interruptId: pending!.interruptId, decisions: [{ type: "approve" }] }),
        }),
      );
    await postgres("down");
    for (const response of [await handler(new Request("http://local/interrupts")), await resumeRequest()]) {
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "DATABASE_UNAVAILABLE" });
    }
    expect(tool.count).toBe(0);
    await postgres("up");
    expect((await resumeRequest()).status).toBe(200);
    expect(tool.count).toBe(1);
  });
});
