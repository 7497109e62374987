/**
 * `expirePendingInterrupts` on Postgres while another replica's run holds one of the overdue
 * threads: the pass moves on past it instead of throwing away the rest of the pass.
 */
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, ask, newThread, toolMessages } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
let reviewing: HITLPostgresSaver;
let sweeping: HITLPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  reviewing = await createPostgresCheckpointer(db.url);
  // Gives up on a busy thread after 200 ms instead of the default 5 s.
  sweeping = await createPostgresCheckpointer(db.url, { busyWaitMs: 200 });
});
afterAll(async () => {
  await reviewing.end();
  await sweeping.end();
  await db.drop();
});

/** A `deploy` tool that, once started, waits until the test lets it finish. */
function gatedDeploy() {
  const runs: string[] = [];
  let started!: () => void;
  let finish!: () => void;
  const startedRun = new Promise<void>((resolve) => (started = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const deploy = tool(
    async ({ path }) => {
      runs.push(path);
      started();
      await finished;
      return `deployed ${path}`;
    },
    { name: "deploy", description: "Deploys a path", schema: z.object({ path: z.string() }) },
  );
  return { deploy, runs, startedRun, finish };
}

test("an expiry pass skips an overdue approval whose thread another replica's run holds, expires the others, and the held run's approval still applies once", async () => {
  const gate = gatedDeploy();
  const node = () => new ApprovalToolNode([gate.deploy], { interruptOn: { deploy: { expiresInMs: 300 } } });
  const calls = [{ name: "deploy", args: { path: "app" }, id: "c1" }];
  const onReviewer = agentGraph(node(), calls, reviewing).graph;
  const onSweeper = agentGraph(node(), calls, sweeping).graph;
  const held = newThread("held");
  const overdue = newThread("overdue");
  await onReviewer.invoke(ask(), held);
  await onReviewer.invoke(ask(), overdue);

  // Approved in time; its tool is still running when the deadline passes.
  const pending = await getInterrupt(onReviewer, held);
  const approved = resume(onReviewer, held, [{ type: "approve" }], { interruptId: pending!.interruptId });
  await gate.startedRun;
  await new Promise((wait) => setTimeout(wait, 400));
  const listed = (await sweeping.listPendingInterrupts({ limit: 10 })).items.map((item) => item.threadId);
  expect(listed).toEqual([held.configurable.thread_id, overdue.configurable.thread_id]);

  const expired = await sweeping.expirePendingInterrupts(onSweeper);
  expect(expired.map((entry) => entry.threadId)).toEqual([overdue.configurable.thread_id]);

  gate.finish();
  expect((await approved).status).toBe("applied");
  expect(gate.runs).toEqual(["app"]);
  expect(toolMessages((await onReviewer.getState(held)).values).map((message) => message.status)).toEqual(["success"]);
  expect(toolMessages((await onReviewer.getState(overdue)).values)[0]?.additional_kwargs?.["hitl"]).toMatchObject({ source: "expired" });
  expect((await sweeping.listPendingInterrupts({ limit: 10 })).items).toEqual([]);
});
