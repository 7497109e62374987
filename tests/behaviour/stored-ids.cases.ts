import { createHash } from "node:crypto";
import { getInterrupt, resume } from "../../src/index.js";
import { ask, countingTool, failsOnceTool, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import { testWhere, type Adapter, type BehaviourCases, type SaverFactory } from "./harness.js";
import { answers, SIBLING, turn } from "./identity-turn.js";

/**
 * An id of about 4 000 characters no compression shortens: more than one Postgres B-tree entry
 * holds (2 704 bytes), so a table keyed by the id itself refuses it.
 */
function longId(seed: string): string {
  return Array.from({ length: 63 }, (_, index) => createHash("sha256").update(`${seed}:${index}`).digest("hex")).join("");
}

/**
 * A reviewed batch (`charge` and `ship` need approval, `read_file` is allowed) whose `ship` throws
 * on its first run (`handleToolErrors: false`): every call approved, the batch fails, then a
 * second resume completes it. What each tool ran, and the thread's ToolMessages.
 */
async function completedAfterFailure(saver: SaverFactory, adapter: Adapter, calls: PlannedCall[]) {
  const charge = countingTool("charge");
  const readFile = countingTool("read_file");
  const ship = failsOnceTool("ship", "shipped");
  const node = adapter.approvals([charge.tool, readFile.tool, ship.tool], { interruptOn: { charge: true, ship: true }, handleToolErrors: false });
  const { graph } = adapter.agentGraph(node, calls, await saver());
  const config = newThread("completed-after-failure");
  await graph.invoke(ask(), config);
  const approveAll = [{ type: "approve" as const }, { type: "approve" as const }];
  const pending = (await getInterrupt(graph, config))!;
  await expect(resume(graph, config, approveAll, { interruptId: pending.interruptId })).rejects.toThrow("carrier down");
  const again = (await getInterrupt(graph, config))!;
  await resume(graph, config, approveAll, { interruptId: again.interruptId });
  return { charge, readFile, ship, messages: toolMessages((await graph.getState(config)).values) };
}

export const idStorageCases: BehaviourCases = (saver, adapter) => {
  describe("tool_call_ids of any length", () => {
    test("an approved call and an allowed sibling whose ids are 4 000 characters each run once; a second resume is refused and nothing runs again", async () => {
      const [deleteId, readId] = [longId("delete"), longId("read")];
      const { graph, config, deleteFile, readFile, pending } = await turn(saver, adapter, [
        { name: "delete_file", args: { path: "/srv/a" }, id: deleteId },
        { name: "read_file", args: { path: "/etc/motd" }, id: readId },
      ]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual([deleteId]);
      const result = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(result.status).toBe("applied");
      expect(answers(toolMessages(result.values))).toEqual([[deleteId, "success", "reviewer"], [readId, "success", undefined]]);
      await expect(resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId })).rejects.toMatchObject({ code: "INTERRUPT_ALREADY_RESOLVED" });
      expect(deleteFile.runs).toEqual([{ path: "/srv/a" }]);
      expect(readFile.runs).toEqual([{ path: "/etc/motd" }]);
    });

    // `handleToolErrors` is a ToolNode option; createAgent answers tool failures itself.
    testWhere(adapter, ["node"])("a call with a 4 000-character id that finished is found in the claim's results when its batch is completed after a sibling threw, and does not run again", async () => {
      const [chargeId, shipId] = [longId("charge"), longId("ship")];
      const run = await completedAfterFailure(saver, adapter, [{ name: "charge", args: { path: "card" }, id: chargeId }, { name: "ship", args: { path: "box" }, id: shipId }]);
      expect([run.charge.count, run.ship.attempts]).toEqual([1, 2]);
      expect(run.messages.map((message) => [message.tool_call_id, message.content])).toEqual([
        [chargeId, expect.stringContaining("charge ran")],
        [shipId, "shipped"],
      ]);
    });
  });

  describe("tool_call_ids a client sends as numbers, or leaves empty", () => {
    // `handleToolErrors` is a ToolNode option; createAgent answers tool failures itself.
    testWhere(adapter, ["node"]).each([
      ["the number 7", 7],
      ["empty", ""],
    ])("an allowed call whose id is %s runs once when its reviewed batch is completed after a sibling threw (its result is found again as the store reads it back)", async (_what, readId) => {
      const run = await completedAfterFailure(saver, adapter, [
        { name: "charge", args: { path: "card" }, id: "c1" },
        { name: "read_file", args: { path: "/etc/motd" }, id: readId as string },
        { name: "ship", args: { path: "box" }, id: "s1" },
      ]);
      expect([run.charge.count, run.readFile.count, run.ship.attempts]).toEqual([1, 1, 2]);
      expect(run.messages.map((message) => message.tool_call_id)).toEqual(["c1", readId, "s1"]);
    });

    test("two calls with empty ids in one turn share one identity: neither is reviewed or run, each is answered as duplicate_tool_call_id; a sibling with an id of its own is reviewed", async () => {
      const { graph, config, deleteFile, readFile, pending } = await turn(saver, adapter, [
        { name: "read_file", args: { path: "/etc/motd" }, id: "" },
        { name: "delete_file", args: { path: "/srv/a" }, id: "" },
        SIBLING,
      ]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect([readFile.runs, deleteFile.runs]).toEqual([[], [{ path: "/tmp/unique" }]]);
      expect(answers(toolMessages(values))).toEqual([
        ["", "error", "duplicate_tool_call_id"],
        ["", "error", "duplicate_tool_call_id"],
        ["u1", "success", "reviewer"],
      ]);
    });

    test("one call with an empty id that needs approval is answered as unreviewable; the run pauses only for its sibling", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [{ name: "delete_file", args: { path: "/srv/a" }, id: "" }, SIBLING]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(values))).toEqual([["", "error", "unreviewable"], ["u1", "success", "reviewer"]]);
    });

    test('the number 7 and the string "7" in one turn name one call: neither is reviewed or run, each is answered as duplicate_tool_call_id', async () => {
      const { deleteFile, readFile, first, pending } = await turn(saver, adapter, [
        { name: "read_file", args: { path: "/etc/motd" }, id: 7 as unknown as string },
        { name: "delete_file", args: { path: "/srv/a" }, id: "7" },
      ]);
      expect(pending).toBeUndefined();
      expect([readFile.runs, deleteFile.runs]).toEqual([[], []]);
      expect(answers(toolMessages(first))).toEqual([
        [7, "error", "duplicate_tool_call_id"],
        ["7", "error", "duplicate_tool_call_id"],
      ]);
    });
  });

  describe("tool_call_ids a database cannot store exactly", () => {
    test.each([
      ["a NUL character", "call\u0000x", "NUL"],
      ["an unpaired high surrogate", "call\ud800x", "surrogate"],
      ["an unpaired low surrogate", "call\udc00", "surrogate"],
    ])("a call whose id contains %s never runs, needing approval or allowed: each gets one blocked ToolMessage (invalid_tool_call_id), the run pauses only for a sibling, whose approval runs it once", async (_what, id, named) => {
      const { graph, config, deleteFile, readFile, pending } = await turn(saver, adapter, [
        { name: "delete_file", args: { path: "/srv/a" }, id },
        { name: "read_file", args: { path: "/etc/motd" }, id: `${id}r` },
        SIBLING,
      ]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const { values, status } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(status).toBe("applied");
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(readFile.runs).toEqual([]);
      expect(answers(toolMessages(values))).toEqual([
        [id, "error", "invalid_tool_call_id"],
        [`${id}r`, "error", "invalid_tool_call_id"],
        ["u1", "success", "reviewer"],
      ]);
      expect(toolMessages(values)[0]?.additional_kwargs["hitl"]).toEqual(expect.objectContaining({ decision: "deny", reason: expect.stringContaining(named) }));
    });

    test("a call whose id is an object with no text form (JSON can send { \"toString\": 1 }) never runs, needing approval or allowed: one blocked ToolMessage each (invalid_tool_call_id); its sibling is reviewed and runs once", async () => {
      const untextual = (): string => ({ toString: 1 }) as unknown as string;
      const { graph, config, deleteFile, readFile, pending } = await turn(saver, adapter, [
        { name: "delete_file", args: { path: "/srv/a" }, id: untextual() },
        { name: "read_file", args: { path: "/etc/motd" }, id: untextual() },
        SIBLING,
      ]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const { values, status } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(status).toBe("applied");
      expect([deleteFile.runs, readFile.runs]).toEqual([[{ path: "/tmp/unique" }], []]);
      expect(answers(toolMessages(values)).map(([, status, source]) => [status, source])).toEqual([
        ["error", "invalid_tool_call_id"],
        ["error", "invalid_tool_call_id"],
        ["success", "reviewer"],
      ]);
    });

    test("an id with paired surrogates (an emoji) is an ordinary id: reviewed, approved, run once", async () => {
      const id = "call_\u{1F600}";
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [{ name: "delete_file", args: { path: "/srv/a" }, id }]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual([id]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/srv/a" }]);
      expect(answers(toolMessages(values))).toEqual([[id, "success", "reviewer"]]);
    });
  });
};
