import { HumanMessage } from "@langchain/core/messages";
import { ApprovalToolNode, getInterrupt, resume } from "../../src/index.js";
import { agentGraph, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const pg = usePostgresCheckpointer();

describe("values stored deflated", () => {
  test("large messages and interrupt payloads are stored deflated, and read back exactly", async () => {
    const tool = countingTool("deploy");
    const node = new ApprovalToolNode([tool.tool], { interruptOn: { deploy: true } });
    const calls = Array.from({ length: 10 }, (_, index) => ({ name: "deploy", args: { path: `/srv/app-${index}` }, id: `d${index}` }));
    const { graph } = agentGraph(node, calls, pg.saver);
    const config = newThread("deflate");
    const text = "please deploy every service ".repeat(40);
    await graph.invoke({ messages: [new HumanMessage(text)] }, config);

    const stored = await pg.db.pool.query<{ channel: string; type: string }>(
      "SELECT channel, type FROM checkpoint_writes WHERE thread_id = $1 AND type LIKE '%+deflate' UNION ALL SELECT channel, type FROM checkpoint_blobs WHERE thread_id = $1 AND type LIKE '%+deflate'",
      [config.configurable.thread_id],
    );
    expect(stored.rows.map((row) => row.channel)).toEqual(expect.arrayContaining(["__interrupt__", "messages"]));

    const pending = await getInterrupt(graph, config);
    expect(pending?.payload.type === "tool_approval" && pending.payload.action_requests.map((r) => r.arguments)).toEqual(calls.map((c) => c.args));
    const { items } = await pg.saver.listPendingInterrupts({ limit: 5, threadId: config.configurable.thread_id });
    expect(items[0]?.payload).toEqual(pending?.payload);
    const state = await graph.getState(config);
    expect(String(state.values.messages[0]?.content)).toBe(text);

    const { values } = await resume(graph, config, calls.map(() => ({ type: "approve" as const })), { interruptId: pending!.interruptId });
    expect(toolMessages(values)).toHaveLength(10);
    expect(tool.count).toBe(10);
  });

  test("small values are stored as LangGraph stores them", async () => {
    const { graph } = agentGraph(new ApprovalToolNode([countingTool("noop").tool]), [{ name: "noop", args: { path: "x" } }], pg.saver);
    const config = newThread("small");
    await graph.invoke({ messages: [new HumanMessage("hi")] }, config);
    const types = await pg.db.pool.query<{ type: string }>("SELECT DISTINCT type FROM checkpoint_blobs WHERE thread_id = $1 AND channel = '__start__'", [config.configurable.thread_id]);
    expect(types.rows.map((row) => row.type).sort()).toEqual(["empty", "json"]);
  });
});
