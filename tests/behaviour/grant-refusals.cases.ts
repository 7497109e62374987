import { Command, type BaseCheckpointSaver } from "@langchain/langgraph";
import { getInterrupt, isHITLError, listGrants, resume, type ApprovalToolNodeOptions, type HITLError, type ToolApprovalDecision, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { wrapResumeValue, type ResumeMeta } from "../../src/protocol/resume-envelope.js";
import { signResume } from "../../src/protocol/signing.js";
import { ask, countingTool, interruptsOf, newThread, type CountingTool, type PlannedCall } from "../support/fixtures.js";
import { turnAgent } from "./grant-agents.js";
import type { Adapter, AgentGraph, BehaviourCases, SaverFactory } from "./harness.js";

const SIGNING_KEY = "a-shared-secret-of-32-characters";
const reviewer = { id: "ada" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Paused {
  graph: AgentGraph;
  deploy: CountingTool;
  saver: BaseCheckpointSaver;
  config: { configurable: { thread_id: string } };
  pending: { interruptId: string; payload: ToolApprovalInterruptPayload };
}

const turns: PlannedCall[][] = [[{ name: "deploy", args: { path: "app" }, id: "d1" }], [{ name: "deploy", args: { path: "app" }, id: "d2" }]];

async function paused(saver: SaverFactory, adapter: Adapter, options: Partial<ApprovalToolNodeOptions>, checkpointer?: BaseCheckpointSaver): Promise<Paused> {
  const deploy = countingTool("deploy");
  const cp = checkpointer ?? (await saver());
  const { graph } = turnAgent(adapter, [deploy.tool], { interruptOn: { deploy: true }, ...options }, turns, cp);
  const config = newThread("grant-refused");
  await graph.invoke(ask(), config);
  const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
  return { graph, deploy, saver: cp, config, pending };
}

async function refusal(work: Promise<unknown>): Promise<HITLError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isHITLError(error)) throw new Error(`expected a HITLError, got ${String(error)}`);
  return error;
}

/** Nothing ran, no grant exists, and the approval still waits. */
async function expectNothingGranted(agent: Paused): Promise<void> {
  expect(agent.deploy.count).toBe(0);
  expect((await listGrants(agent.saver, { limit: 10, threadId: agent.config.configurable.thread_id, includeInactive: true })).items).toEqual([]);
  expect(await getInterrupt(agent.graph, agent.config)).toBeDefined();
}

const withGrant = (grant: unknown): Record<string, ToolApprovalDecision> => ({ d1: { type: "approve", grant } as ToolApprovalDecision });
/** A grant narrowed to arguments whose `path` fits `pattern`, and where a refusal of that pattern points. */
const patternGrant = (pattern: string) => ({ scope: "thread", match: { kind: "schema", schema: { type: "object", properties: { path: { type: "string", pattern } } } } });
const PATTERN_PATH = ["grant", "match", "schema", "properties", "path", "pattern"];

export const grantRefusalCases: BehaviourCases = (saver, adapter) => {
  describe("standing grants: a grant is a decision, refused like any that does not fit (nothing runs, the approval stays resumable)", () => {
    test("a node without the grants option offers none, and resume() refuses a grant with INVALID_DECISION naming `grant`", async () => {
      const agent = await paused(saver, adapter, {});
      expect(agent.pending.payload.review_configs[0]?.grants).toBeUndefined();
      const error = await refusal(resume(agent.graph, agent.config, withGrant({ scope: "thread" }), { interruptId: agent.pending.interruptId, reviewer }));
      expect(error.code).toBe("INVALID_DECISION");
      expect(error.details[0]).toMatchObject({ toolCallId: "d1", path: ["grant"] });
      await expectNothingGranted(agent);
    });

    test.each([
      ["a scope it does not offer", { scope: "workspace" }, ["grant", "scope"]],
      ["a narrowing it does not offer", { scope: "thread", match: { kind: "predicate", name: "x" } }, ["grant", "match", "kind"]],
      ["a schema the reviewed arguments do not fit", { scope: "thread", match: { kind: "schema", schema: { type: "object", properties: { path: { const: "other" } } } } }, ["grant", "match", "schema"]],
      ["a schema with a keyword grants may not use", { scope: "thread", match: { kind: "schema", schema: { $ref: "#/x" } } }, ["grant", "match", "schema", "$ref"]],
      ["a pattern with a quantified group, which can backtrack without end", patternGrant("^(a+)+$"), PATTERN_PATH],
      ["a pattern with two quantifiers of varying count", patternGrant("^[a-z]*[a-z]*$"), PATTERN_PATH],
      ["an unanchored pattern", patternGrant("app"), PATTERN_PATH],
      ["uniqueItems, whose check compares every pair of items a model writes", { scope: "thread", match: { kind: "schema", schema: { type: "object", properties: { tags: { type: "array", uniqueItems: true } } } } }, ["grant", "match", "schema", "properties", "tags", "uniqueItems"]],
      ["a string instead of an object", "thread", ["grant"]],
      ["an unknown field", { scope: "thread", forever: true }, ["grant"]],
      ["a duration longer than the node allows", { scope: "thread", expiresInMs: 120_000 }, ["grant", "expiresInMs"]],
      ["no duration where the node requires one", { scope: "thread" }, ["grant", "expiresInMs"]],
    ])("resume() refuses %s with INVALID_DECISION naming the field", async (_label, grant, path) => {
      const agent = await paused(saver, adapter, { grants: { maxDurationMs: 60_000 } });
      const error = await refusal(resume(agent.graph, agent.config, withGrant(grant), { interruptId: agent.pending.interruptId, reviewer }));
      expect(error.code).toBe("INVALID_DECISION");
      expect(error.details.find((detail) => detail.toolCallId === "d1")?.path).toEqual(path);
      await expectNothingGranted(agent);
    });

    test("only an approve carries a grant: an edit or a reject with one is refused with INVALID_DECISION", async () => {
      const agent = await paused(saver, adapter, { grants: {} });
      for (const decision of [{ type: "edit", updatedInput: { path: "app" }, grant: { scope: "thread" } }, { type: "reject", grant: { scope: "thread" } }]) {
        const error = await refusal(resume(agent.graph, agent.config, { d1: decision as unknown as ToolApprovalDecision }, { interruptId: agent.pending.interruptId, reviewer }));
        expect(error.code).toBe("INVALID_DECISION");
        expect(error.details.find((detail) => detail.toolCallId === "d1")).toBeDefined();
      }
      await expectNothingGranted(agent);
    });

    test("an unverified reviewer makes no grant: a raw Command's grant re-raises the approval with INVALID_DECISION; resume() without a reviewer is refused too", async () => {
      const agent = await paused(saver, adapter, { grants: {} });
      const raw = await agent.graph.invoke(new Command({ resume: { [agent.pending.interruptId]: withGrant({ scope: "thread" }) } }), agent.config);
      const reraised = interruptsOf(raw)[0]!.value as ToolApprovalInterruptPayload;
      expect(reraised.error).toMatchObject({ code: "INVALID_DECISION", details: [expect.objectContaining({ toolCallId: "d1", path: ["grant"] })] });
      const again = (await getInterrupt<ToolApprovalInterruptPayload>(agent.graph, agent.config))!;
      const error = await refusal(resume(agent.graph, agent.config, withGrant({ scope: "thread" }), { interruptId: again.interruptId }));
      expect(error.code).toBe("INVALID_DECISION");
      await expectNothingGranted(agent);
    });

    test("the node judges by its options now: a grant the stored approval offered, submitted to a node that no longer allows grants, is refused", async () => {
      const agent = await paused(saver, adapter, { grants: {} });
      const { graph: withoutGrants } = turnAgent(adapter, [agent.deploy.tool], { interruptOn: { deploy: true } }, turns, agent.saver);
      const error = await refusal(resume(withoutGrants, agent.config, withGrant({ scope: "thread" }), { interruptId: agent.pending.interruptId, reviewer }));
      expect(error.code).toBe("INVALID_DECISION");
      expect(error.details[0]).toMatchObject({ toolCallId: "d1", path: ["grant"] });
      await expectNothingGranted(agent);
    });

    test("an approval that expired makes no grant: the late submission resolves it as expired", async () => {
      const agent = await paused(saver, adapter, { grants: {}, interruptOn: { deploy: { expiresInMs: 200 } } });
      await sleep(400);
      const late = await resume(agent.graph, agent.config, withGrant({ scope: "thread", match: { kind: "tool" } }), { interruptId: agent.pending.interruptId, reviewer });
      expect(late.status).toBe("expired");
      expect(agent.deploy.count).toBe(0);
      expect((await listGrants(agent.saver, { limit: 10, includeInactive: true, threadId: agent.config.configurable.thread_id })).items).toEqual([]);
    });
  });

  describe("standing grants are signed like every resume value", () => {
    async function rootTaskOf(agent: Paused): Promise<string> {
      return (await agent.graph.getState(agent.config)).tasks.find((task) => task.interrupts.length > 0)!.id;
    }

    function signed(agent: Paused, taskId: string, value: unknown): Record<string, unknown> {
      const meta: ResumeMeta = { v: 1, decidedAt: new Date().toISOString(), reviewer, attempt: `attempt-${Math.random()}` };
      meta.signature = signResume({ threadId: agent.config.configurable.thread_id, taskId, interruptId: agent.pending.interruptId, value, meta }, SIGNING_KEY);
      return wrapResumeValue(value, meta);
    }

    test("with a signingKey: an unsigned grant and a grant added to a signed approval are refused with INVALID_SIGNATURE; one signed with the key is made", async () => {
      const agent = await paused(saver, adapter, { grants: {}, signingKey: SIGNING_KEY });
      const unsigned = await agent.graph.invoke(new Command({ resume: { [agent.pending.interruptId]: withGrant({ scope: "thread" }) } }), agent.config);
      expect((interruptsOf(unsigned)[0]?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_SIGNATURE");
      const taskId = await rootTaskOf(agent);
      const latest = (await getInterrupt<ToolApprovalInterruptPayload>(agent.graph, agent.config))!;
      agent.pending = latest;
      const envelope = signed(agent, taskId, { d1: { type: "approve" } });
      const forged = { ...envelope, value: withGrant({ scope: "thread", match: { kind: "tool" } }) };
      const refused = await agent.graph.invoke(new Command({ resume: { [latest.interruptId]: forged } }), agent.config);
      expect((interruptsOf(refused)[0]?.value as ToolApprovalInterruptPayload).error?.code).toBe("INVALID_SIGNATURE");
      await expectNothingGranted(agent);
      const current = (await getInterrupt<ToolApprovalInterruptPayload>(agent.graph, agent.config))!;
      const made = await resume(agent.graph, agent.config, withGrant({ scope: "thread" }), { interruptId: current.interruptId, reviewer, signingKey: SIGNING_KEY });
      expect(made.status).toBe("applied");
      const [grant] = (await listGrants(agent.saver, { limit: 10, threadId: agent.config.configurable.thread_id })).items;
      expect(grant).toMatchObject({ reviewer, reviewerVerified: true, origin: { interruptId: current.interruptId, toolCallId: "d1" } });
    });
  });

  describe("standing grants: a scope key a grant cannot be stored under is no key", () => {
    const userScope: Partial<ApprovalToolNodeOptions> = { grants: { scopes: ["thread", "user"], scopeKeys: { user: (config) => config.configurable?.["user_id"] as string | undefined } } };

    async function pausedAs(userId: string): Promise<Paused> {
      const deploy = countingTool("deploy");
      const cp = await saver();
      const { graph } = turnAgent(adapter, [deploy.tool], { interruptOn: { deploy: true }, ...userScope }, turns, cp);
      const config = { configurable: { ...newThread("grant-key").configurable, user_id: userId } };
      await graph.invoke(ask(), config);
      const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config))!;
      return { graph, deploy, saver: cp, config, pending };
    }

    let tags = 0;
    /** An even-length tag no other test uses: `k` + 5 digits + 4 random hex digits. */
    const uniqueTag = () => `k${String((tags += 1)).padStart(5, "0")}${Math.floor(Math.random() * 0x10000).toString(16).padStart(4, "0")}`;
    const offered = (agent: Paused) => agent.pending.payload.review_configs[0]?.grants?.scopes.map((scope) => scope.name);

    test.each([
      ["1 025 ASCII characters", "u".repeat(1025)],
      ["513 two-byte characters (1 026 UTF-8 bytes)", "é".repeat(513)],
      ["a NUL character", "u\u0000x"],
      ["a lone surrogate", "u\ud800"],
    ])("a host scope key of %s is not offered; a grant in that scope is refused with INVALID_DECISION (never the database's error), and one in the thread's scope is made", async (_what, userId) => {
      const agent = await pausedAs(userId);
      expect(offered(agent)).toEqual(["thread"]);
      const error = await refusal(resume(agent.graph, agent.config, withGrant({ scope: "user" }), { interruptId: agent.pending.interruptId, reviewer }));
      expect(error.code).toBe("INVALID_DECISION");
      expect(error.details.find((detail) => detail.toolCallId === "d1")?.path).toEqual(["grant", "scope"]);
      await expectNothingGranted(agent);
      await resume(agent.graph, agent.config, withGrant({ scope: "thread" }), { interruptId: agent.pending.interruptId, reviewer });
      expect(agent.deploy.count).toBe(1);
      expect((await listGrants(agent.saver, { limit: 10, threadId: agent.config.configurable.thread_id })).items).toHaveLength(1);
    });

    test.each([
      ["1 024 ASCII characters", (tag: string) => tag.padEnd(1024, "u")],
      ["1 024 UTF-8 bytes, mostly two-byte characters", (tag: string) => tag + "é".repeat((1024 - tag.length) / 2)],
      ["an emoji", (tag: string) => `${tag}_\u{1F600}`],
    ])("a host scope key of %s is offered, and a grant made in it covers the next call in that scope", async (_what, keyOf) => {
      // A key of its own: grants in a host scope outlive the test's thread, and the saver may be shared.
      const userId = keyOf(uniqueTag());
      const agent = await pausedAs(userId);
      expect(offered(agent)).toEqual(["thread", "user"]);
      await resume(agent.graph, agent.config, withGrant({ scope: "user" }), { interruptId: agent.pending.interruptId, reviewer });
      expect((await listGrants(agent.saver, { limit: 10, scope: "user", scopeKey: userId })).items).toHaveLength(1);
      await agent.graph.invoke(ask("again"), agent.config);
      expect(await getInterrupt(agent.graph, agent.config)).toBeUndefined();
      expect(agent.deploy.count).toBe(2);
    });
  });
};
