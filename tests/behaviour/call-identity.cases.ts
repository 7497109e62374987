import { Command } from "@langchain/langgraph";
import { createAskUserQuestionTool, getInterrupt, resume, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import { turnAgent } from "./grant-agents.js";
import type { BehaviourCases } from "./harness.js";
import { answers, SIBLING, turn } from "./identity-turn.js";

/** The reproduced turn: two different deletions the model gave one id. */
const DUPLICATES: PlannedCall[] = [
  { name: "delete_file", args: { path: "/keep/important" }, id: "dup" },
  { name: "delete_file", args: { path: "/srv/junk" }, id: "dup" },
];
const BLOCKED_DUPLICATES: Array<[string, string, string]> = [
  ["dup", "error", "duplicate_tool_call_id"],
  ["dup", "error", "duplicate_tool_call_id"],
];

export const callIdentityCases: BehaviourCases = (saver, adapter) => {
  describe("one identity per call: calls sharing a tool_call_id", () => {
    test("are never reviewed or run: the run does not pause for them, each gets one blocked ToolMessage, and an allowed sibling runs once", async () => {
      const { deleteFile, readFile, first, pending } = await turn(saver, adapter, [...DUPLICATES, { name: "read_file", args: { path: "/etc/motd" }, id: "r1" }]);
      expect(pending).toBeUndefined();
      expect(deleteFile.runs).toEqual([]);
      expect(readFile.runs).toEqual([{ path: "/etc/motd" }]);
      expect(answers(toolMessages(first))).toEqual([...BLOCKED_DUPLICATES, ["r1", "success", undefined]]);
      expect(toolMessages(first).slice(0, 2).map((message) => message.additional_kwargs["hitl"])).toEqual([
        expect.objectContaining({ decision: "deny", source: "duplicate_tool_call_id", reason: expect.stringContaining('"dup"') }),
        expect.objectContaining({ decision: "deny", source: "duplicate_tool_call_id", reason: expect.stringContaining('"dup"') }),
      ]);
    });

    test("a raw Command with a positional array can only answer the unique sibling: approve runs it once, the duplicates never run", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [...DUPLICATES, SIBLING]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const result = await graph.invoke(new Command({ resume: { [pending!.interruptId]: [{ type: "approve" }] } }), config);
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(result))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
    });

    test("a raw Command keyed by id cannot reach the duplicates: a map naming their id is refused and nothing runs; the sibling's own key runs it once", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [...DUPLICATES, SIBLING]);
      const refused = await graph.invoke(new Command({ resume: { [pending!.interruptId]: { dup: { type: "approve" }, u1: { type: "reject" } } } }), config);
      const [raised] = interruptsOf(refused);
      expect((raised?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_DECISION");
      expect(deleteFile.runs).toEqual([]);
      const result = await graph.invoke(new Command({ resume: { [raised!.id!]: { u1: { type: "approve" } } } }), config);
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(result))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
    });

    test("LangChain's `{ decisions }` value can only answer the unique sibling: it runs once, the duplicates never run", async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [...DUPLICATES, SIBLING]);
      const result = await graph.invoke(new Command({ resume: { [pending!.interruptId]: { decisions: [{ type: "approve" }] } } }), config);
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(result))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
    });

    test("two identical calls sharing one id never run, even once, through resume(); the sibling's approval runs it exactly once", async () => {
      const identical: PlannedCall = { name: "delete_file", args: { path: "/srv/junk" }, id: "dup" };
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [identical, { ...identical }, SIBLING]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(values))).toEqual([...BLOCKED_DUPLICATES, ["u1", "success", "reviewer"]]);
      expect(await getInterrupt(graph, config)).toBeUndefined();
    });
  });
};

/** Ids a model can send that name members of `Object.prototype`: a lookup by id must never find those. */
const INHERITED_NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"] as const;

export const inheritedNameCases: BehaviourCases = (saver, adapter) => {
  describe("tool_call_ids that name members of Object.prototype", () => {
    test.each(INHERITED_NAMES)("an allowed call with id %s beside an approved call runs once, after the approval, and each call gets one ToolMessage", async (id) => {
      const { graph, config, deleteFile, readFile, pending } = await turn(saver, adapter, [SIBLING, { name: "read_file", args: { path: "/etc/motd" }, id }]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      expect(readFile.runs).toEqual([]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(readFile.runs).toEqual([{ path: "/etc/motd" }]);
      expect(answers(toolMessages(values))).toEqual([["u1", "success", "reviewer"], [id, "success", undefined]]);
    });

    test.each(INHERITED_NAMES.filter((id) => id !== "__proto__"))("a call with id %s that needs approval is reviewed like any other: rejected, it never runs; approved, it runs once", async (id) => {
      const calls: PlannedCall[] = [{ name: "delete_file", args: { path: "/srv/a" }, id }, SIBLING];
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, calls);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual([id, "u1"]);
      const { values } = await resume(graph, config, { [id]: { type: "reject" }, u1: { type: "approve" } }, { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(values))).toEqual([[id, "error", "reviewer"], ["u1", "success", "reviewer"]]);
    });

    test('a call with id "__proto__" that needs approval is answered as unreviewable (no decision could be keyed by that id): the run pauses only for its sibling, and it never runs', async () => {
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [{ name: "delete_file", args: { path: "/srv/a" }, id: "__proto__" }, SIBLING]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const { values } = await resume(graph, config, { u1: { type: "approve" } }, { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(values))).toEqual([["__proto__", "error", "unreviewable"], ["u1", "success", "reviewer"]]);
      expect(toolMessages(values)[0]?.additional_kwargs["hitl"]).toEqual(expect.objectContaining({ decision: "deny", reason: expect.stringContaining('"__proto__"') }));
      expect(await getInterrupt(graph, config)).toBeUndefined();
    });

    test.each(INHERITED_NAMES)("an ask_user_question call with id %s is asked, and its ToolMessage is the answer", async (id) => {
      const deleteFile = countingTool("delete_file");
      const setup = adapter.approvals([deleteFile.tool, createAskUserQuestionTool()], { interruptOn: {} });
      const { graph } = adapter.agentGraph(setup, [{ name: "ask_user_question", args: { question: "Which environment?" }, id }], await saver());
      const config = newThread("ids");
      await graph.invoke(ask(), config);
      expect((await getInterrupt(graph, config))?.payload).toEqual(expect.objectContaining({ type: "ask_user_question", tool_call_id: id }));
      const { values } = await resume(graph, config, { answer: "staging" });
      expect(toolMessages(values).map((message) => [message.tool_call_id, message.status, message.content])).toEqual([[id, "success", "staging"]]);
    });

    test("a call needing approval whose tool_call_id is a number (a message a client sent, unchecked) is answered as unreviewable: the run pauses only for its sibling, and it never runs", async () => {
      const numbered = { name: "delete_file", args: { path: "/srv/a" }, id: 7 as unknown as string };
      const { graph, config, deleteFile, pending } = await turn(saver, adapter, [numbered, SIBLING]);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["u1"]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deleteFile.runs).toEqual([{ path: "/tmp/unique" }]);
      expect(answers(toolMessages(values))).toEqual([[7, "error", "unreviewable"], ["u1", "success", "reviewer"]]);
      expect(toolMessages(values)[0]?.additional_kwargs["hitl"]).toEqual(expect.objectContaining({ reason: "tool_call_id is not a string (received a value of type number)" }));
    });

    test('a grant never stands in for a review no decision could name: calls with tool_call_id "__proto__" or a number are answered as unreviewable and never run', async () => {
      const deploy = countingTool("deploy");
      const call = (id: string): PlannedCall => ({ name: "deploy", args: { path: "app" }, id });
      const { graph } = turnAgent(adapter, [deploy.tool], { interruptOn: { deploy: true }, grants: {} }, [[call("d1")], [call("__proto__"), call(7 as unknown as string)]], await saver());
      const config = newThread("grant-unkeyable");
      await graph.invoke(ask(), config);
      const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
      await resume(graph, config, { d1: { type: "approve", grant: { scope: "thread" } } }, { interruptId: pending!.interruptId, reviewer: { id: "ada", name: "Ada" } });
      await graph.invoke(ask("again"), config);
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(deploy.runs).toEqual([{ path: "app" }]);
      const messages = toolMessages((await graph.getState(config)).values);
      expect(messages.map((message) => [message.tool_call_id, message.status, (message.additional_kwargs["hitl"] as { source?: string }).source])).toEqual([
        ["d1", "success", "reviewer"],
        ["__proto__", "error", "unreviewable"],
        [7, "error", "unreviewable"],
      ]);
    });

    test('a batch whose only call needing approval has id "__proto__" does not pause: the call is blocked as unreviewable and the run goes on', async () => {
      const { deleteFile, first, pending } = await turn(saver, adapter, [{ name: "delete_file", args: { path: "/srv/a" }, id: "__proto__" }]);
      expect(pending).toBeUndefined();
      expect(deleteFile.runs).toEqual([]);
      expect(answers(toolMessages(first))).toEqual([["__proto__", "error", "unreviewable"]]);
    });
  });
};
