import { Command } from "@langchain/langgraph";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { z } from "zod";
import { ApprovalToolNode, HookRegistry, type ApprovalNodeTool, createAskUserQuestionTool, getInterrupt, isToolApprovalInterrupt, resume, type ApprovalToolNodeOptions, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { ScriptedChatModel, type Script } from "../../examples/support/scripted-chat-model.js";
import { ask, countingTool, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import type { Adapter, AgentGraph, BehaviourCases, SaverFactory } from "./harness.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A point a pass waits at until the test releases it. */
function gate(): { reached: Promise<void>; entered: () => void; released: Promise<void>; release: () => void } {
  let entered!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reached, entered, released, release };
}

const envQuestion = { question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] };

/** One batch: an approval for `deploy` and a question, in that order. */
const MIXED: PlannedCall[] = [
  { name: "deploy", args: { path: "app" }, id: "d1" },
  { name: "ask_user_question", args: envQuestion, id: "q1" },
];

/** A model that calls `turns[i]` on its i-th turn (after the person's message, then after each batch's results), then stops. */
function turnsScript(turns: PlannedCall[][]): Script {
  return (messages: BaseMessage[]) => {
    const answered = messages.filter((message) => message.getType() === "ai").length;
    const calls = turns[answered];
    if (calls === undefined) return new AIMessage("done");
    return new AIMessage({ content: "", tool_calls: calls.map((call, index) => ({ name: call.name, args: call.args, id: call.id ?? `call_${answered}_${index}`, type: "tool_call" as const })) });
  };
}

function agentFor(adapter: Adapter, tools: ApprovalNodeTool[], options: ApprovalToolNodeOptions, script: Script, checkpointer: Awaited<ReturnType<SaverFactory>>): { graph: AgentGraph; model: ScriptedChatModel } {
  const model = new ScriptedChatModel(script);
  if (adapter.kind === "node") return { graph: scriptedAgent(new ApprovalToolNode(tools, options), script, checkpointer).graph as AgentGraph, model };
  const agent = createAgent({ model, tools: tools as never, middleware: [approvalMiddleware(options)], checkpointer });
  return { graph: agent as unknown as AgentGraph, model };
}

export const judgedOnceCases: BehaviourCases = (saver, adapter) => {
  describe("an approval is judged once, when it is accepted; every later pass reads that judgment", () => {
    test("a hook that answers differently on the question's pass changes nothing: the approved call runs as reviewed and the answer reaches the model", async () => {
      const deploy = countingTool("deploy");
      let deployScreenings = 0;
      // From the third pass on (the one answering the question) the hook asks with other arguments.
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "deploy",
        hooks: [() => ((deployScreenings += 1) >= 3 ? { decision: "ask", updatedInput: { path: "elsewhere" } } : { decision: "ask" })],
      });
      const setup = adapter.approvals([deploy.tool, createAskUserQuestionTool()], { hooks });
      const { graph } = adapter.agentGraph(setup, MIXED, await saver());
      const config = newThread("once");
      await graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const afterApproval = await resume(graph, config, [{ type: "approve" }], { interruptId: approval.interruptId });
      expect(afterApproval.status).toBe("applied");
      expect(afterApproval.interrupt?.payload).toMatchObject({ type: "ask_user_question", tool_call_id: "q1" });
      const done = await resume(graph, config, { answer: "production" }, { interruptId: afterApproval.interrupt!.interruptId });
      expect(done.interrupt).toBeUndefined();
      expect(deploy.runs).toEqual([{ path: "app" }]);
      expect(toolMessages(done.values).map((message) => [message.tool_call_id, message.content])).toEqual([
        ["d1", 'deploy ran with {"path":"app"}'],
        ["q1", "production"],
      ]);
    });

    test("a call the reviewer rejected never runs, even when the hook allows it on the pass that applies the decision", async () => {
      const deploy = countingTool("deploy");
      let screenings = 0;
      const hooks = new HookRegistry().register("PreToolUse", { matcher: "deploy", hooks: [() => ((screenings += 1) === 1 ? { decision: "ask" } : { decision: "allow" })] });
      const setup = adapter.approvals([deploy.tool], { hooks });
      const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args: { path: "app" }, id: "d1" }], await saver());
      const config = newThread("rejected-then-allowed");
      await graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const result = await resume(graph, config, [{ type: "reject", reason: "not today" }], { interruptId: approval.interruptId });
      expect(deploy.count).toBe(0);
      expect(toolMessages(result.values)[0]?.additional_kwargs["hitl"]).toMatchObject({ decision: "reject", source: "reviewer", reason: "not today" });
    });

    test("a tool schema that changes between the approval's pass and the answer's (a deploy) does not re-judge the approval or swallow the answer", async () => {
      const checkpointer = await saver();
      const lenient = countingTool("deploy");
      const setup = adapter.approvals([lenient.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true } });
      const before = adapter.agentGraph(setup, MIXED, checkpointer).graph;
      const config = newThread("schema");
      await before.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(before, config))!;
      const afterApproval = await resume(before, config, [{ type: "edit", updatedInput: { path: "web" } }], { interruptId: approval.interruptId });
      // The new release's tool would refuse that edit: it must not be judged again.
      const strict = countingTool("deploy", { schema: z.object({ path: z.string().min(10) }) });
      const after = adapter.agentGraph(adapter.approvals([strict.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true } }), MIXED, checkpointer).graph;
      const done = await resume(after, config, { answer: "staging" }, { interruptId: afterApproval.interrupt!.interruptId });
      expect(done.interrupts.filter((entry) => isToolApprovalInterrupt(entry.payload))).toEqual([]);
      const messages = toolMessages(done.values);
      expect(messages.find((message) => message.tool_call_id === "q1")?.content).toBe("staging");
      expect(messages.find((message) => message.tool_call_id === "d1")?.additional_kwargs["hitl"]).toMatchObject({ decision: "edit", interruptId: approval.interruptId });
    });

    test.each([
      ["a tool schema that now accepts a refused edit", { before: { schema: z.object({ path: z.string().min(10) }) }, after: {} }],
      ["a signing key removed after an unsigned value was refused", { before: { signingKey: "k".repeat(32) }, after: {} }],
    ] as const)("a value refused when it arrived is never judged again — %s: the reviewer's next decision is the one that applies", async (_label, releases) => {
      const checkpointer = await saver();
      const calls: PlannedCall[] = [{ name: "deploy", args: { path: "application" }, id: "d1" }];
      const release = (config: { schema?: z.ZodObject; signingKey?: string }) => {
        const deploy = countingTool("deploy", config.schema === undefined ? {} : { schema: config.schema });
        const options = { interruptOn: { deploy: true }, ...(config.signingKey === undefined ? {} : { signingKey: config.signingKey }) };
        return { deploy, graph: adapter.agentGraph(adapter.approvals([deploy.tool], options), calls, checkpointer).graph };
      };
      const before = release(releases.before);
      const config = newThread("refused-once");
      await before.graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(before.graph, config))!;
      const refusedValue = { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { path: "prod" } } }] };
      await before.graph.invoke(new Command({ resume: { [approval.interruptId]: refusedValue } }), config);
      const shown = (await getInterrupt<ToolApprovalInterruptPayload>(before.graph, config))!;
      expect(shown.payload.error?.code).toMatch(/^INVALID_(EDIT|SIGNATURE)$/);
      // A new release would accept that edit; the person, told it was refused, rejects.
      const after = release(releases.after);
      await after.graph.invoke(new Command({ resume: { [shown.interruptId]: { decisions: [{ type: "reject", message: "not now" }] } } }), config);
      expect(after.deploy.runs).toEqual([]);
      const state = await after.graph.getState(config);
      expect(toolMessages(state.values).map((message) => message.additional_kwargs["hitl"])).toEqual([expect.objectContaining({ decision: "reject", reason: "not now" })]);
    });

    test("an approval given before its deadline still runs when the batch's question is answered after the deadline", async () => {
      const deploy = countingTool("deploy");
      const setup = adapter.approvals([deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: { expiresInMs: 1_500 } } });
      const { graph } = adapter.agentGraph(setup, MIXED, await saver());
      const config = newThread("late-answer");
      await graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const afterApproval = await resume(graph, config, [{ type: "approve" }], { interruptId: approval.interruptId });
      expect(afterApproval.judgment).toMatchObject({ own: true, expired: false });
      await sleep(1_700);
      const done = await resume(graph, config, { answer: "staging" }, { interruptId: afterApproval.interrupt!.interruptId });
      expect(deploy.count).toBe(1);
      expect(toolMessages(done.values).find((message) => message.tool_call_id === "d1")?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", source: "reviewer" });
    });
  });

  describe("resume() reports what the node recorded, and does not throw once the run moved on", () => {
    test("an expired approval whose allowed sibling ran and whose model paused again: status \"expired\" with the new interrupt", async () => {
      const deploy = countingTool("deploy");
      const notify = countingTool("notify");
      const script = turnsScript([
        [{ name: "deploy", args: { path: "app" }, id: "d1" }, { name: "notify", args: { path: "team" }, id: "n1" }],
        [{ name: "deploy", args: { path: "again" }, id: "d2" }],
      ]);
      const { graph } = agentFor(adapter, [deploy.tool, notify.tool], { interruptOn: { deploy: { expiresInMs: 150 } } }, script, await saver());
      const config = newThread("expired-moved-on");
      await graph.invoke(ask(), config);
      const first = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      await sleep(250);
      const result = await resume(graph, config, [{ type: "approve" }], { interruptId: first.interruptId });
      expect(result.status).toBe("expired");
      expect(notify.count).toBe(1);
      expect(deploy.count).toBe(0);
      expect(result.interrupt?.payload).toMatchObject({ type: "tool_approval", action_requests: [{ tool_call_id: "d2" }] });
    });

    test("two submissions to one interrupt: the second one is told \"superseded\" with the winner's judgment, and nothing of it ran", async () => {
      const deploy = countingTool("deploy");
      const setup = adapter.approvals([deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true } });
      const { graph } = adapter.agentGraph(setup, MIXED, await saver());
      const config = newThread("superseded");
      await graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const won = await resume(graph, config, [{ type: "reject" }], { interruptId: approval.interruptId, reviewer: { id: "ada" } });
      expect(won.status).toBe("applied");
      // The question keeps the batch open; a late approve of the same approval is read against the record.
      const late = await resume(graph, config, { answer: "staging" }, { interruptId: won.interrupt!.interruptId });
      expect(late.status).toBe("answered");
      expect(deploy.count).toBe(0);
    });

    test("a raw Command that loses the claim to a submission re-raised once more keeps the batch's positions: the question's first answer reaches the model, and the winner's decisions are what ran", async () => {
      const deploy = countingTool("deploy");
      const judging = gate();
      // The late submission's edit is screened again while it is judged: held there, after its
      // look for a claim and before its own claim, while another submission wins.
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "deploy",
        timeoutMs: 60_000,
        hooks: [async ({ toolInput }) => ((toolInput as { path?: string }).path === "late" ? (judging.entered(), await judging.released, { decision: "ask" as const }) : { decision: "ask" as const })],
      });
      const setup = adapter.approvals([deploy.tool, createAskUserQuestionTool()], { hooks });
      const { graph } = adapter.agentGraph(setup, MIXED, await saver());
      const config = newThread("lost-claim");
      await graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const edit = { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { path: "late" } } }] };
      const late = graph.invoke(new Command({ resume: { [approval.interruptId]: edit } }), config).catch((error: unknown) => error);
      await judging.reached;
      // The winner: a value that does not fit (the approval is raised again), then an approval.
      await graph.invoke(new Command({ resume: { [approval.interruptId]: "not a decision" } }), config);
      const raisedAgain = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      await graph.invoke(new Command({ resume: { [raisedAgain.interruptId]: { decisions: [{ type: "approve" }] } } }), config);
      judging.release();
      await late;

      let pending = (await getInterrupt(graph, config))!;
      const statuses: string[] = [];
      const answers = ["production", "staging"];
      // Whatever the late pass left pending is answered in turn, as a host would; the question first with "production".
      for (let turn = 0; turn < 3 && pending !== undefined; turn += 1) {
        const value = isToolApprovalInterrupt(pending.payload) ? [{ type: "reject" as const }] : { answer: answers.shift()! };
        const result = await resume(graph, config, value, { interruptId: pending.interruptId });
        statuses.push(result.status);
        pending = result.interrupt!;
      }
      expect(pending).toBeUndefined();
      expect(deploy.runs).toEqual([{ path: "app" }]);
      const state = await graph.getState(config);
      expect(toolMessages(state.values).map((message) => [message.tool_call_id, message.content])).toEqual([
        ["d1", 'deploy ran with {"path":"app"}'],
        ["q1", "production"],
      ]);
      // The late pass paused on the approval again (its reject is told the claim won); the one answer sent applied.
      expect(statuses).toEqual(["superseded", "answered"]);
    });

    test("a tool named in a reviewed batch that a raw caller edits with a string where an object is expected never runs", async () => {
      const runs: unknown[] = [];
      const store = tool(async (input) => (runs.push(input), "stored"), { name: "store", description: "stores data", schema: z.object({ data: z.string() }) });
      const setup = adapter.approvals([store], { interruptOn: { store: true } });
      const { graph } = adapter.agentGraph(setup, [{ name: "store", args: { data: "x" }, id: "s1" }], await saver());
      const config = newThread("string-edit");
      await graph.invoke(ask(), config);
      const approval = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      const error = await resume(graph, config, [{ type: "edit", updatedInput: "rm -rf /" as never }], { interruptId: approval.interruptId }).catch((e: unknown) => e);
      expect((error as { code?: string }).code).toMatch(/INVALID_EDIT|INVALID_DECISION/);
      expect(runs).toEqual([]);
    });
  });
};
