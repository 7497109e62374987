import { ApprovalToolNode, getInterrupt, isToolApprovalInterrupt, resume } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
const savers: HITLPostgresSaver[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(savers.map((saver) => saver.end()));
  await db.drop();
});

/** A new saver with a pool of its own, as another process would have. */
async function freshSaver(): Promise<HITLPostgresSaver> {
  const saver = await createPostgresCheckpointer(db.url);
  savers.push(saver);
  return saver;
}

function build(saver: HITLPostgresSaver) {
  const deleteFile = countingTool("delete_file");
  const node = new ApprovalToolNode([deleteFile.tool], { interruptOn: { delete_file: true } });
  return { deleteFile, ...agentGraph(node, [{ name: "delete_file", args: { path: "/tmp/report.csv" } }], saver) };
}

describe("a real graph on createPostgresCheckpointer()", () => {
  test("pauses for approval, then resumes from a new saver with its own pool; the tool runs once", async () => {
    const config = newThread("pg");
    const before = build(await freshSaver());
    await before.graph.invoke(ask(), config);
    expect(before.deleteFile.count).toBe(0);

    const after = build(await freshSaver());
    const pending = await getInterrupt(after.graph, config);
    expect(isToolApprovalInterrupt(pending?.payload) && pending.payload.action_requests.map((request) => request.arguments)).toEqual([
      { path: "/tmp/report.csv" },
    ]);
    const { values, interrupt } = await resume(after.graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });

    expect(interrupt).toBeUndefined();
    expect(after.deleteFile.runs).toEqual([{ path: "/tmp/report.csv" }]);
    expect(before.deleteFile.count).toBe(0);
    expect(toolMessages(values).map((message) => message.tool_call_id)).toEqual(["call_1"]);
    expect(await getInterrupt(before.graph, config)).toBeUndefined();
  });

  test("two processes' savers resuming the same interrupt at once: one runs the tool, the other is refused", async () => {
    const config = newThread("pg");
    const first = build(await freshSaver());
    await first.graph.invoke(ask(), config);
    const second = build(await freshSaver());
    const pending = await getInterrupt(first.graph, config);

    const outcomes = await Promise.allSettled([
      resume(first.graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId }),
      resume(second.graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId }),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect((refused?.reason as { code?: string }).code).toBe("INTERRUPT_ALREADY_RESOLVED");
    expect(first.deleteFile.count + second.deleteFile.count).toBe(1);
  });
});
