import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAskUserQuestionTool, getInterrupt, HookRegistry, listGrants, resume, revokeGrant, type ApprovalToolNodeOptions, type DecisionEvent, type ToolApprovalDecision, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages, type CountingTool, type PlannedCall } from "../support/fixtures.js";
import { turnAgent } from "./grant-agents.js";
import type { Adapter, AgentGraph, BehaviourCases, SaverFactory } from "./harness.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reviewer = { id: "ada", name: "Ada" };
const userScope = { scopes: ["thread", "user"], scopeKeys: { user: (config: { configurable?: Record<string, unknown> }) => config.configurable?.["user_id"] as string | undefined } };

interface Agent {
  graph: AgentGraph;
  deploy: CountingTool;
  saver: BaseCheckpointSaver;
  events: DecisionEvent[];
}

async function grantAgent(saver: SaverFactory, adapter: Adapter, turns: PlannedCall[][], options: Partial<ApprovalToolNodeOptions> = {}, checkpointer?: BaseCheckpointSaver): Promise<Agent> {
  const deploy = countingTool("deploy");
  const events: DecisionEvent[] = [];
  const cp = checkpointer ?? (await saver());
  const { graph } = turnAgent(adapter, [deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: true }, grants: {}, onDecision: (event) => void events.push(event), ...options }, turns, cp);
  return { graph, deploy, saver: cp, events };
}

/** Runs the next person's message; returns the pending approval, if the batch paused for one. */
async function nextBatch(agent: Agent, config: object) {
  await agent.graph.invoke(ask("again"), config);
  return getInterrupt<ToolApprovalInterruptPayload>(agent.graph, config);
}

async function approveWith(agent: Agent, config: object, decisions: Record<string, ToolApprovalDecision>) {
  const pending = (await getInterrupt<ToolApprovalInterruptPayload>(agent.graph, config))!;
  return resume(agent.graph, config, decisions, { interruptId: pending.interruptId, reviewer });
}

const call = (path: string, id?: string): PlannedCall => ({ name: "deploy", args: { path }, ...(id === undefined ? {} : { id }) });

export const grantCases: BehaviourCases = (saver, adapter) => {
  describe("standing grants: an approval can allow later calls, which then run without a pause", () => {
    test("a thread grant: the next batch's call runs without a pause, its record and onDecision name the grant; another thread still asks", async () => {
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("app", "d2")]]);
      const config = newThread("grant-thread");
      const first = (await nextBatch(agent, config))!;
      expect(first.payload.review_configs[0]?.grants).toEqual({ scopes: [{ name: "thread" }], matches: ["arguments", "tool", "schema"] });
      const made = await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread" } } });
      expect(made.status).toBe("applied");
      const [creating] = toolMessages(made.values);
      const createdGrantId = (creating?.additional_kwargs["hitl"] as { createdGrantId?: string }).createdGrantId;
      expect(createdGrantId).toEqual(expect.any(String));
      expect(await nextBatch(agent, config)).toBeUndefined();
      expect(agent.deploy.runs).toEqual([{ path: "app" }, { path: "app" }]);
      const messages = toolMessages((await agent.graph.getState(config)).values);
      expect(messages[1]?.additional_kwargs["hitl"]).toEqual({ decision: "approve", source: "grant", grantId: createdGrantId });
      expect(agent.events.map((event) => [event.toolCallId, event.source, event.grantId])).toEqual([
        ["d1", "reviewer", undefined],
        ["d2", "grant", createdGrantId],
      ]);
      const other = await grantAgent(saver, adapter, [[call("app", "o1")]], {}, agent.saver);
      expect(await nextBatch(other, newThread("grant-other"))).toBeDefined();
      const [listed] = (await listGrants(agent.saver, { limit: 10, threadId: config.configurable.thread_id })).items;
      expect(listed).toMatchObject({
        id: createdGrantId,
        toolName: "deploy",
        scope: { name: "thread", key: config.configurable.thread_id },
        match: { kind: "arguments", arguments: { path: "app" } },
        origin: { threadId: config.configurable.thread_id, interruptId: first.interruptId, toolCallId: "d1" },
        reviewer,
        reviewerVerified: true,
        status: "active",
      });
    });

    test("an arguments grant (the default) covers exactly the reviewed arguments: other arguments still ask", async () => {
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("other", "d2")], [call("app", "d3")]]);
      const config = newThread("grant-args");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread" } } });
      const second = await nextBatch(agent, config);
      expect(second?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["d2"]);
      await approveWith(agent, config, { d2: { type: "reject" } });
      expect(await nextBatch(agent, config)).toBeUndefined();
      expect(agent.deploy.runs).toEqual([{ path: "app" }, { path: "app" }]);
    });

    test("a tool grant covers every argument; a schema grant only arguments that fit it", async () => {
      const toolWide = await grantAgent(saver, adapter, [[call("app", "d1")], [call("anything", "d2")]]);
      const config = newThread("grant-tool");
      await nextBatch(toolWide, config);
      await approveWith(toolWide, config, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } } });
      expect(await nextBatch(toolWide, config)).toBeUndefined();
      expect(toolWide.deploy.runs).toEqual([{ path: "app" }, { path: "anything" }]);

      const narrowed = await grantAgent(saver, adapter, [[call("/tmp/a", "d1")], [call("/tmp/b", "d2")], [call("/etc/passwd", "d3")]]);
      const other = newThread("grant-schema");
      await nextBatch(narrowed, other);
      const schema = { type: "object", properties: { path: { type: "string", pattern: "^/tmp/" } }, required: ["path"] };
      await approveWith(narrowed, other, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "schema", schema } } } });
      expect(await nextBatch(narrowed, other)).toBeUndefined();
      expect((await nextBatch(narrowed, other))?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["d3"]);
      expect(narrowed.deploy.runs).toEqual([{ path: "/tmp/a" }, { path: "/tmp/b" }]);
    });

    test("a predicate grant names a host predicate; a predicate that throws covers nothing and is reported", async () => {
      const errors: unknown[] = [];
      const predicates = { shortPath: (input: unknown) => ((input as { path: string }).path === "boom" ? (() => { throw new Error("bad predicate"); })() : (input as { path: string }).path.length <= 3) };
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("ap", "d2")], [call("boom", "d3")]], { grants: { predicates }, onHookError: (error) => void errors.push(error) });
      const config = newThread("grant-predicate");
      const first = await nextBatch(agent, config);
      expect(first?.payload.review_configs[0]?.grants?.predicates).toEqual(["shortPath"]);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "predicate", name: "shortPath" } } } });
      expect(await nextBatch(agent, config)).toBeUndefined();
      expect((await nextBatch(agent, config))?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["d3"]);
      expect(errors).toEqual([expect.objectContaining({ message: "bad predicate" })]);
    });

    test("a predicate that changes the arguments it is given changes nothing: the call runs with its own", async () => {
      const predicates = {
        tamper: (input: unknown) => {
          (input as { path: string }).path = "tampered";
          return true;
        },
      };
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("app", "d2")]], { grants: { predicates } });
      const config = newThread("grant-tamper");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "predicate", name: "tamper" } } } });
      expect(await nextBatch(agent, config)).toBeUndefined();
      expect(agent.deploy.runs).toEqual([{ path: "app" }, { path: "app" }]);
    });

    test("a host scope: a user grant made on one thread applies on another thread of that user, not of another user", async () => {
      // Unique per run: a Postgres saver is shared by every test.
      const user = `u_42-${newThread("user").configurable.thread_id}`;
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")]], { grants: userScope });
      const config = { configurable: { ...newThread("grant-user-a").configurable, user_id: user } };
      const first = (await nextBatch(agent, config))!;
      expect(first.payload.review_configs[0]?.grants?.scopes).toEqual([{ name: "thread" }, { name: "user", key: user }]);
      // The resuming host passes no user_id: the key comes from what the approval offered.
      const pending = (await getInterrupt<ToolApprovalInterruptPayload>(agent.graph, config))!;
      await resume(agent.graph, { configurable: { thread_id: config.configurable.thread_id } }, { d1: { type: "approve", grant: { scope: "user", match: { kind: "tool" } } } }, { interruptId: pending.interruptId, reviewer });
      const same = await grantAgent(saver, adapter, [[call("elsewhere", "s1")]], { grants: userScope }, agent.saver);
      expect(await nextBatch(same, { configurable: { ...newThread("grant-user-b").configurable, user_id: user } })).toBeUndefined();
      expect(same.deploy.runs).toEqual([{ path: "elsewhere" }]);
      const stranger = await grantAgent(saver, adapter, [[call("elsewhere", "x1")]], { grants: userScope }, agent.saver);
      expect(await nextBatch(stranger, { configurable: { ...newThread("grant-user-c").configurable, user_id: `${user}-stranger` } })).toBeDefined();
      expect((await listGrants(agent.saver, { limit: 10, scope: "user", scopeKey: user })).items.map((grant) => grant.scope)).toEqual([{ name: "user", key: user }]);
    });

    test("with humanInTheLoop disabled, a call a grant covers still runs (a person approved it earlier); one it does not cover is blocked as before", async () => {
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")]]);
      const config = newThread("grant-hitl-off");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread" } } });
      const off = await grantAgent(saver, adapter, [[], [call("app", "c1"), call("other", "c2")]], { humanInTheLoop: { enabled: false } }, agent.saver);
      expect(await nextBatch(off, config)).toBeUndefined();
      expect(off.deploy.runs).toEqual([{ path: "app" }]);
      const records = toolMessages((await off.graph.getState(config)).values).slice(1).map((message) => [message.tool_call_id, message.status, (message.additional_kwargs["hitl"] as { source?: string } | undefined)?.source]);
      expect(records[0]).toEqual(["c1", "success", "grant"]);
      expect(records[1]?.slice(0, 2)).toEqual(["c2", "error"]);
    });

    test("a grant expires: after expiresInMs the call asks again", async () => {
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("app", "d2")]]);
      const config = newThread("grant-expiry");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread", expiresInMs: 300 } } });
      await sleep(600);
      expect(await nextBatch(agent, config)).toBeDefined();
      const [expired] = (await listGrants(agent.saver, { limit: 10, threadId: config.configurable.thread_id, includeInactive: true })).items;
      expect(expired?.status).toBe("expired");
      expect((await listGrants(agent.saver, { limit: 10, threadId: config.configurable.thread_id })).items).toEqual([]);
    });

    test("revokeGrant stops a grant for the next batch", async () => {
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("app", "d2")], [call("app", "d3")]]);
      const config = newThread("grant-revoke");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread" } } });
      expect(await nextBatch(agent, config)).toBeUndefined();
      const [grant] = (await listGrants(agent.saver, { limit: 10, threadId: config.configurable.thread_id })).items;
      const revoked = await revokeGrant(agent.saver, grant!.id, { revokedBy: { id: "bob" } });
      expect(revoked).toMatchObject({ status: "revoked", revokedBy: { id: "bob" } });
      expect(await nextBatch(agent, config)).toBeDefined();
      expect(agent.deploy.count).toBe(2);
      expect(await revokeGrant(agent.saver, "no-such-grant")).toBeUndefined();
    });
  });

  describe("standing grants never widen what policy refuses", () => {
    test("a deny, a skip and a call the reviewer may not approve are not granted, even by a tool-wide grant", async () => {
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "deploy",
        hooks: [
          ({ toolInput }) => {
            const path = (toolInput as { path: string }).path;
            if (path === "denied") return { decision: "deny", reason: "never" };
            if (path === "skipped") return { decision: "skip", reason: "not now" };
            if (path === "no-approve") return { decision: "ask", allowedDecisions: ["reject", "respond"] };
            return undefined;
          },
        ],
      });
      const turns = [[call("app", "d1")], [call("denied", "n1"), call("skipped", "n2"), call("no-approve", "n3")]];
      const agent = await grantAgent(saver, adapter, turns, { hooks });
      const config = newThread("grant-deny");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } } });
      const second = (await nextBatch(agent, config))!;
      expect(second.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["n3"]);
      expect(second.payload.review_configs[0]?.grants).toBeUndefined();
      expect(second.payload.granted).toBeUndefined();
      const done = await approveWith(agent, config, { n3: { type: "reject" } });
      expect(agent.deploy.runs).toEqual([{ path: "app" }]);
      expect(toolMessages(done.values).slice(1).map((message) => [message.tool_call_id, message.status, (message.additional_kwargs["hitl"] as { source?: string }).source])).toEqual([
        ["n1", "error", "policy"],
        ["n2", "success", "policy"],
        ["n3", "error", "reviewer"],
      ]);
    });

    test("a tool-wide grant does not run a call whose arguments fail the tool's schema, nor calls that share a tool_call_id", async () => {
      const turns: PlannedCall[][] = [[call("app", "d1")], [{ name: "deploy", args: { path: 123 }, id: "bad" }, call("app", "dup"), call("app", "dup")]];
      const agent = await grantAgent(saver, adapter, turns);
      const config = newThread("grant-malformed");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } } });
      expect(await nextBatch(agent, config)).toBeUndefined();
      expect(agent.deploy.runs).toEqual([{ path: "app" }]);
      const records = toolMessages((await agent.graph.getState(config)).values)
        .slice(1)
        .map((message) => [message.tool_call_id, message.status, (message.additional_kwargs["hitl"] as { source?: string; grantId?: string }).source, (message.additional_kwargs["hitl"] as { grantId?: string }).grantId]);
      expect(records).toEqual([
        ["bad", "error", "invalid_arguments", undefined],
        ["dup", "error", "duplicate_tool_call_id", undefined],
        ["dup", "error", "duplicate_tool_call_id", undefined],
      ]);
      expect(agent.events.filter((event) => event.source === "grant")).toEqual([]);
    });

    test("an arguments grant does not cover a call whose hook rewrote its input away from the granted arguments: it asks, with the rewritten ones", async () => {
      const hooks = new HookRegistry().register("PreToolUse", {
        matcher: "deploy",
        hooks: [({ toolCallId }) => (toolCallId === "d2" ? { decision: "ask", updatedInput: { path: "rewritten" } } : undefined)],
      });
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("app", "d2")]], { hooks });
      const config = newThread("grant-rewrite");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread" } } });
      const second = (await nextBatch(agent, config))!;
      expect(second.payload.action_requests.map((request) => [request.tool_call_id, request.arguments])).toEqual([["d2", { path: "rewritten" }]]);
      expect(agent.deploy.count).toBe(1);
    });

    test("the batch that makes a grant is judged once: its call the reviewer rejected stays rejected on every later pass, though the grant now covers it", async () => {
      const question = { question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] };
      const agent = await grantAgent(saver, adapter, [[call("app", "d1"), call("app2", "d2"), { name: "ask_user_question", args: question, id: "q1" }]]);
      const config = newThread("grant-once");
      await nextBatch(agent, config);
      const applied = await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } }, d2: { type: "reject", reason: "no" } });
      expect(applied.interrupt?.payload).toMatchObject({ type: "ask_user_question" });
      const done = await resume(agent.graph, config, { answer: "staging" }, { interruptId: applied.interrupt!.interruptId });
      expect(agent.deploy.runs).toEqual([{ path: "app" }]);
      const records = toolMessages(done.values).map((message) => [message.tool_call_id, (message.additional_kwargs["hitl"] as { decision?: string; source?: string } | undefined)?.source]);
      expect(records).toEqual([
        ["d1", "reviewer"],
        ["d2", "reviewer"],
        ["q1", "reviewer"],
      ]);
    });

    test("a call a grant covers in a batch that also asks waits for the decisions, is listed as granted, and runs once they are in (even if the grant is revoked meanwhile)", async () => {
      const agent = await grantAgent(saver, adapter, [[call("app", "d1")], [call("app", "d2"), call("fresh", "d3")]]);
      const config = newThread("grant-mixed");
      await nextBatch(agent, config);
      await approveWith(agent, config, { d1: { type: "approve", grant: { scope: "thread" } } });
      const second = (await nextBatch(agent, config))!;
      expect(second.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["d3"]);
      const [granted] = second.payload.granted ?? [];
      expect(granted).toMatchObject({ tool_call_id: "d2", name: "deploy", arguments: { path: "app" }, scope: { name: "thread", key: config.configurable.thread_id } });
      expect(agent.deploy.count).toBe(1);
      await revokeGrant(agent.saver, granted!.grant_id);
      const done = await approveWith(agent, config, { d3: { type: "approve" } });
      expect(agent.deploy.runs).toEqual([{ path: "app" }, { path: "app" }, { path: "fresh" }]);
      expect(toolMessages(done.values).slice(1).map((message) => (message.additional_kwargs["hitl"] as { source: string }).source)).toEqual(["grant", "reviewer"]);
    });
  });
};
