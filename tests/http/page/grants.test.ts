import { describeGrant, durationChoices, grantRequestOf, matchChoices, scopeLabel } from "../../../src/http/page/logic/grants.js";
import { approvalResumeBody, type DecisionDraft } from "../../../src/http/page/logic/resume-body.js";
import type { StandingGrant, ToolApprovalGrantOffer, ToolApprovalInterruptPayload } from "../../../src/index.js";

const offer: ToolApprovalGrantOffer = { scopes: [{ name: "thread" }, { name: "user", key: "u_42" }], matches: ["arguments", "tool", "schema", "predicate"], predicates: ["small"] };

describe("the page's grant choices follow the approval's offer", () => {
  test("durations: until revoked and four fixed ones without a longest duration; only those that fit with one; the longest itself when none fits", () => {
    expect(durationChoices(offer).map((choice) => choice.label)).toEqual(["until revoked", "for 1 hour", "for 1 day", "for 7 days", "for 30 days"]);
    expect(durationChoices({ ...offer, max_duration_ms: 86_400_000 }).map((choice) => choice.value)).toEqual([3_600_000, 86_400_000]);
    expect(durationChoices({ ...offer, max_duration_ms: 600_000 })).toEqual([{ label: "for 10 min", value: 600_000 }]);
  });

  test("narrowings: exact arguments, any arguments, one per predicate; no schema (it needs a hand-written schema)", () => {
    expect(matchChoices(offer)).toEqual([
      { label: "with exactly these arguments", value: { kind: "arguments" } },
      { label: "with any arguments", value: { kind: "tool" } },
      { label: "when the check “small” accepts them", value: { kind: "predicate", name: "small" } },
    ]);
    expect(matchChoices({ scopes: [], matches: ["schema"] })).toEqual([]);
  });

  test("scopes and requests", () => {
    expect(offer.scopes.map(scopeLabel)).toEqual(["this thread", "user u_42"]);
    expect(grantRequestOf("user", { kind: "tool" }, undefined)).toEqual({ scope: "user", match: { kind: "tool" } });
  });

  test("a grant's line names the tool, the narrowing, the scope, who granted it and until when", () => {
    const grant: StandingGrant = {
      id: "g1",
      toolName: "deploy",
      scope: { name: "user", key: "u_42" },
      match: { kind: "arguments", digest: "d", arguments: { path: "app" } },
      origin: { threadId: "t1", interruptId: "i1", toolCallId: "c1", digest: "d" },
      reviewer: { id: "u-1", name: "Alice" },
      reviewerVerified: true,
      createdAt: "2026-01-01T10:00:00.000Z",
      expiresAt: "2026-01-01T12:00:00.000Z",
      status: "active",
    };
    expect(describeGrant(grant, new Date("2026-01-01T10:03:00Z"))).toBe('deploy with exactly {"path":"app"}, for user u_42 · granted by Alice (u-1) 3 min ago · expires in 2 h');
  });

  test("an approve draft with a grant sends it with the decision", () => {
    const payload: ToolApprovalInterruptPayload = {
      type: "tool_approval",
      action_requests: [{ tool_call_id: "c1", name: "deploy", arguments: { path: "app" }, args: { path: "app" } }],
      review_configs: [{ tool_call_id: "c1", action_name: "deploy", allowed_decisions: ["approve"], grants: offer }],
    };
    const drafts = new Map<string, DecisionDraft>([["c1", { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } }]]);
    expect(approvalResumeBody("i1", payload, drafts, "")).toEqual({ ok: true, body: { interruptId: "i1", decisions: { c1: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } } } } });
  });
});
