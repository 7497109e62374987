import { ApprovalToolNode, isHITLError } from "../../src/index.js";
import { createApprovalHandler, anonymousReviewer } from "../../src/http/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";
import { serveOnLoopback } from "../http/server.js";

const pg = usePostgresCheckpointer();

const cursorAt = (createdAt: string, threadId = "t", interruptId = "i") => Buffer.from(JSON.stringify([createdAt, threadId, interruptId])).toString("base64url");

describe("the Postgres inbox refuses what the database cannot take, before it sees it", () => {
  test.each([
    ["a NUL in threadId", { threadId: "a\u0000b" }, "threadId"],
    ["a NUL in toolName", { toolName: "de\u0000ploy" }, "toolName"],
    ["a cursor whose position is not a date", { cursor: cursorAt("yesterday") }, "cursor"],
    ["a cursor with a NUL in its thread id", { cursor: cursorAt(new Date().toISOString(), "a\u0000b") }, "cursor"],
    ["an olderThan past year 9999", { olderThan: new Date(8.64e15) }, "olderThan"],
  ])("%s is INVALID_OPTIONS naming the field, not a raw driver error", async (_label, filter, field) => {
    const error = await pg.saver.listPendingInterrupts({ limit: 10, ...filter }).catch((caught: unknown) => caught);
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(error) ? error.details[0]?.path : undefined).toEqual([field]);
  });

  test("a valid cursor still pages through the inbox", async () => {
    const node = new ApprovalToolNode([countingTool("deploy").tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "x" }, id: "d" }], pg.saver);
    await graph.invoke(ask(), newThread("pg-cursor"));
    await graph.invoke(ask(), newThread("pg-cursor"));
    const first = await pg.saver.listPendingInterrupts({ limit: 1 });
    expect(first.nextCursor).toBeDefined();
    const second = await pg.saver.listPendingInterrupts({ limit: 1, cursor: first.nextCursor! });
    expect(second.items[0]?.threadId).not.toBe(first.items[0]?.threadId);
  });

  test("over HTTP, a NUL in a thread id or a filter and a non-date cursor are 400s, not 500s", async () => {
    const node = new ApprovalToolNode([countingTool("deploy").tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "x" }, id: "d" }], pg.saver);
    const { url, close } = await serveOnLoopback(createApprovalHandler({ graph, authenticate: anonymousReviewer("pg-test") }));
    try {
      const statuses = await Promise.all(
        ["/threads/a%00b/interrupt", "/interrupts?threadId=a%00b", "/interrupts?toolName=%00", `/interrupts?cursor=${cursorAt("not a date")}`].map(async (path) => {
          const response = await fetch(`${url}${path}`);
          return [response.status, ((await response.json()) as { code: string }).code];
        }),
      );
      expect(statuses).toEqual([
        [400, "INVALID_REQUEST"],
        [400, "INVALID_OPTIONS"],
        [400, "INVALID_OPTIONS"],
        [400, "INVALID_OPTIONS"],
      ]);
    } finally {
      await close();
    }
  });
});
