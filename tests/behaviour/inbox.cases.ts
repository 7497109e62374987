import { Command, type BaseCheckpointSaver } from "@langchain/langgraph";
import { middlewareAdapter, nodeAdapter, type Adapter } from "./harness.js";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { ApprovalToolNode, getInterrupt, getInterrupts, resume, type ApprovalsInbox, type PendingInterruptRecord, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ScriptedChatModel, ask, countingTool, newThread, toolCallingScript } from "../support/fixtures.js";

/** Makes a fresh checkpointer that keeps an approvals inbox. */
export type InboxSaverFactory = () => Promise<BaseCheckpointSaver & ApprovalsInbox>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function approvalAgent(saver: BaseCheckpointSaver, options: { expiresInMs?: number; toolName?: string } = {}, adapter: Adapter = nodeAdapter) {
  const name = options.toolName ?? "deploy";
  const tool = countingTool(name);
  const setup = adapter.approvals([tool.tool], { interruptOn: { [name]: options.expiresInMs === undefined ? true : { expiresInMs: options.expiresInMs } } });
  return { tool, ...adapter.agentGraph(setup, [{ name, args: { path: "app" }, id: "c1" }], saver) };
}

async function all(saver: ApprovalsInbox, threadId?: string): Promise<PendingInterruptRecord[]> {
  return (await saver.listPendingInterrupts({ limit: 1000, ...(threadId === undefined ? {} : { threadId }) })).items;
}

export function runInboxSuite(makeSaver: InboxSaverFactory): void {
  describe("the approvals inbox", () => {
    test("a createAgent agent with approvalMiddleware is listed and resolved like any other", async () => {
      const saver = await makeSaver();
      const { graph, tool } = approvalAgent(saver, {}, middlewareAdapter);
      const config = newThread();
      await graph.invoke(ask(), config);
      const pending = await getInterrupt(graph, config);
      const [record] = await all(saver, config.configurable.thread_id);
      expect(record).toMatchObject({ threadId: config.configurable.thread_id, interruptId: pending!.interruptId, payload: pending!.payload });
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(tool.count).toBe(1);
      expect(await all(saver, config.configurable.thread_id)).toEqual([]);
    });

    test("a paused thread is listed with its payload; resolving it removes it", async () => {
      const saver = await makeSaver();
      const { graph } = approvalAgent(saver);
      const config = newThread();
      await graph.invoke(ask(), config);
      const pending = await getInterrupt(graph, config);
      const [record] = await all(saver, config.configurable.thread_id);
      expect(record).toMatchObject({ threadId: config.configurable.thread_id, interruptId: pending!.interruptId, payload: pending!.payload });
      expect(Date.parse(record!.createdAt)).not.toBeNaN();
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(await all(saver, config.configurable.thread_id)).toEqual([]);
    });

    test.each([
      ["a NUL character", "a\u0000b"],
      ["a lone surrogate", "a\ud800b"],
      ["a lone surrogate beside an emoji", "\udc00\u{1F600}"],
    ])("an approval whose arguments hold %s (which JSON escapes and jsonb refuses) is listed with them exactly, and leaves once resolved", async (_what, path) => {
      const saver = await makeSaver();
      const tool = countingTool("deploy");
      const { graph } = nodeAdapter.agentGraph(nodeAdapter.approvals([tool.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path }, id: "c1" }], saver);
      const config = newThread();
      await graph.invoke(ask(), config);
      const pending = await getInterrupt(graph, config);
      const [record] = await all(saver, config.configurable.thread_id);
      expect(record).toMatchObject({ interruptId: pending!.interruptId, payload: pending!.payload });
      expect((record?.payload as ToolApprovalInterruptPayload | undefined)?.action_requests[0]?.args).toEqual({ path });
      const byTool = await saver.listPendingInterrupts({ limit: 1000, toolName: "deploy" });
      expect(byTool.items.map((item) => item.interruptId)).toContain(pending!.interruptId);
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(tool.runs).toEqual([{ path }]);
      expect(await all(saver, config.configurable.thread_id)).toEqual([]);
    });

    test("a stream-driven pause and a raw-Command re-raise are tracked too; re-raising keeps createdAt", async () => {
      const saver = await makeSaver();
      const { graph } = approvalAgent(saver);
      const config = newThread();
      for await (const _chunk of await graph.stream(ask(), config)) void _chunk;
      const [first] = await all(saver, config.configurable.thread_id);
      await graph.invoke(new Command({ resume: { [first!.interruptId]: [{ type: "nonsense" }] } }), config);
      const [again] = await all(saver, config.configurable.thread_id);
      expect(again?.interruptId).not.toBe(first?.interruptId);
      expect(again?.interruptId).toBe((await getInterrupt(graph, config))?.interruptId);
      expect(again?.createdAt).toBe(first?.createdAt);
    });

    test("pages are oldest first and filter by thread, tool and age", async () => {
      const saver = await makeSaver();
      const threads: string[] = [];
      for (const toolName of ["deploy", "deploy", "rollback", "deploy", "rollback"]) {
        const { graph } = approvalAgent(saver, { toolName });
        const config = newThread(`inbox-${toolName}`);
        threads.push(config.configurable.thread_id);
        await graph.invoke(ask(), config);
        await sleep(5);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await saver.listPendingInterrupts({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.threadId));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(seen).toEqual(threads);
      expect((await saver.listPendingInterrupts({ limit: 10, toolName: "rollback" })).items.map((item) => item.threadId)).toEqual([threads[2], threads[4]]);
      const third = (await all(saver))[2]!;
      expect((await saver.listPendingInterrupts({ limit: 10, olderThan: third.createdAt })).items.map((item) => item.threadId)).toEqual(threads.slice(0, 2));
    });

    test("when several tasks wait, resolving one leaves the others listed", async () => {
      const saver = await makeSaver();
      const read = countingTool("read_file");
      const del = countingTool("delete_file");
      const node = new ApprovalToolNode([read.tool, del.tool], { interruptOn: { read_file: true, delete_file: true } });
      const llm = new ScriptedChatModel(toolCallingScript([{ name: "read_file", args: { path: "a" } }, { name: "delete_file", args: { path: "b" } }]));
      const graph = createReactAgent({ llm, tools: node, checkpointer: saver, version: "v2" });
      const config = newThread();
      await graph.invoke(ask(), config);
      const pending = await getInterrupts(graph, config);
      expect((await all(saver, config.configurable.thread_id)).map((r) => r.interruptId).sort()).toEqual(pending.map((p) => p.interruptId).sort());
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending[0]!.interruptId });
      expect((await all(saver, config.configurable.thread_id)).map((r) => r.interruptId)).toEqual([pending[1]!.interruptId]);
    });

    test("a thread that moves on with new input no longer lists its abandoned interrupt", async () => {
      const saver = await makeSaver();
      const { graph } = approvalAgent(saver);
      const config = newThread();
      await graph.invoke(ask(), config);
      expect(await all(saver, config.configurable.thread_id)).toHaveLength(1);
      await graph.updateState(config, { messages: [] }, "agent");
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(await all(saver, config.configurable.thread_id)).toEqual([]);
    });

    test("deleting a thread removes it from the inbox", async () => {
      const saver = await makeSaver();
      const { graph } = approvalAgent(saver);
      const config = newThread();
      await graph.invoke(ask(), config);
      await saver.deleteThread(config.configurable.thread_id);
      expect(await all(saver, config.configurable.thread_id)).toEqual([]);
    });

    test("expirePendingInterrupts resolves every overdue approval, runs nothing, and leaves the others", async () => {
      const saver = await makeSaver();
      const overdue = approvalAgent(saver, { expiresInMs: 100 });
      const fresh = approvalAgent(saver, { expiresInMs: 60_000 });
      const late = newThread();
      const onTime = newThread();
      await overdue.graph.invoke(ask(), late);
      await fresh.graph.invoke(ask(), onTime);
      await sleep(200);
      const expired = await saver.expirePendingInterrupts(overdue.graph);
      expect(expired.map((entry) => entry.threadId)).toEqual([late.configurable.thread_id]);
      expect(overdue.tool.count).toBe(0);
      expect(await getInterrupt(overdue.graph, late)).toBeUndefined();
      expect(await all(saver, onTime.configurable.thread_id)).toHaveLength(1);
      expect(await saver.expirePendingInterrupts(overdue.graph)).toEqual([]);
    });

    test("bad options are refused with INVALID_OPTIONS", async () => {
      const saver = await makeSaver();
      await expect(saver.listPendingInterrupts({ limit: 0 })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
      await expect(saver.listPendingInterrupts({ limit: 5, cursor: "garbage" })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    });
  });
}
