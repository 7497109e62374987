import { describeDetail, explainProblem, placeDetails } from "../../../src/http/page/logic/place-problems.js";
import type { AskUserQuestionInterruptPayload, ToolApprovalInterruptPayload } from "../../../src/index.js";

const approval: ToolApprovalInterruptPayload = {
  type: "tool_approval",
  action_requests: [
    { tool_call_id: "c1", name: "deploy", arguments: {}, args: {} },
    { tool_call_id: "c2", name: "send_email", arguments: {}, args: {} },
  ],
  review_configs: [],
};

describe("placeDetails", () => {
  test("puts each detail next to its call by tool_call_id; unknown calls and call-less details are general", () => {
    const placed = placeDetails(
      [
        { toolCallId: "c2", path: ["updatedInput", "to"], message: "to: Invalid email address" },
        { toolCallId: "c2", path: ["updatedInput", "subject"], message: "must be a string" },
        { toolCallId: "ghost", message: "no pending action request has tool_call_id \"ghost\"" },
        { message: "expected 2 decision(s)" },
      ],
      approval,
    );
    expect(Object.fromEntries(placed.byCall)).toEqual({ c2: ["to: Invalid email address", "subject: must be a string"] });
    expect(placed.general).toEqual(["no pending action request has tool_call_id \"ghost\"", "expected 2 decision(s)"]);
  });

  test("puts answer details under their question, by question text or `answer` for a lone question", () => {
    const several: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: { question: "A?" }, questions: [{ question: "A?" }, { question: "B?" }] };
    expect(Object.fromEntries(placeDetails([{ path: ["answers", "B?"], message: "missing" }], several).byQuestion)).toEqual({ 1: ["missing"] });
    const lone: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: { question: "A?" } };
    expect(Object.fromEntries(placeDetails([{ path: ["answer"], message: "must be a string" }], lone).byQuestion)).toEqual({ 0: ["must be a string"] });
  });
});

describe("describeDetail", () => {
  test.each([
    [{ path: ["updatedInput", "to"], message: "to: Invalid email" }, "to: Invalid email"],
    [{ path: ["updatedInput", "a", 0], message: "must be >= 1" }, "a.0: must be >= 1"],
    [{ path: ["type"], message: "decision \"edit\" is not allowed" }, "decision \"edit\" is not allowed"],
  ])("%j reads %p", (detail, text) => {
    expect(describeDetail(detail)).toBe(text);
  });
});

describe("explainProblem", () => {
  test.each([
    ["INTERRUPT_ALREADY_RESOLVED", 409, true, /^Already resolved/],
    ["INTERRUPT_MISMATCH", 409, true, /changed/],
    ["INTERRUPT_EXPIRED", 410, true, /^Expired/],
    ["INVALID_EDIT", 400, false, /do not fit the tool/],
    ["DATABASE_UNAVAILABLE", 503, false, /database is unavailable/],
    ["THREAD_BUSY", 409, false, /being applied/],
    ["INVALID_SIGNATURE", 403, false, /signing key/],
    ["UNKNOWN_INTERRUPT", 404, true, /not one this thread raised/],
    ["NETWORK", 0, false, /could not be reached/],
    ["AGENT_SERVER_FAILED", 502, false, /^… Refresh in a moment\.$/],
    ["RUN_ABORTED", 409, false, /^… Refresh in a moment\.$/],
  ])("%s (%i): gone=%p", (code, status, gone, headline) => {
    const explained = explainProblem({ code, status, detail: "…" });
    expect(explained.gone).toBe(gone);
    expect(explained.headline).toMatch(headline);
  });
});
