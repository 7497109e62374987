import { ApprovalToolNode, getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
let saver: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  saver = await createPostgresCheckpointer(db.url);
});
afterAll(async () => {
  await saver.end();
  await db.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` with this process's clock set `offsetMs` off (a replica whose clock is wrong). */
async function withSkewedClock<T>(offsetMs: number, work: () => Promise<T>): Promise<T> {
  const realNow = Date.now.bind(Date);
  const spy = jest.spyOn(Date, "now").mockImplementation(() => realNow() + offsetMs);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

describe("the deadline is judged by the database clock on Postgres", () => {
  test("a replica whose clock is 10 minutes behind does not run an approval that expired: the node records it expired", async () => {
    const deploy = countingTool("deploy");
    const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 300 } } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver);
    const config = newThread("skew");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
    await sleep(500);
    const result = await withSkewedClock(-10 * 60_000, () => resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId }));
    expect(deploy.count).toBe(0);
    expect(result.status).toBe("expired");
    expect(result.judgment).toMatchObject({ expired: true, clock: "database" });
    expect(toolMessages(result.values)[0]?.additional_kwargs["hitl"]).toMatchObject({ source: "expired" });
  });

  test("a replica whose clock is 10 minutes ahead still applies an approval given in time", async () => {
    const deploy = countingTool("deploy");
    const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 60_000 } } }), [{ name: "deploy", args: { path: "app" }, id: "d1" }], saver);
    const config = newThread("skew-ahead");
    await graph.invoke(ask(), config);
    const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
    const result = await withSkewedClock(10 * 60_000, () => resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId }));
    expect(result.status).toBe("applied");
    expect(deploy.count).toBe(1);
  });
});
