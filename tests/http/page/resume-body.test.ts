import { approvalResumeBody, parseEditedArguments, questionResumeBody, type DecisionDraft } from "../../../src/http/page/logic/resume-body.js";
import type { AskUserQuestionInterruptPayload, ToolApprovalInterruptPayload } from "../../../src/index.js";

const approval: ToolApprovalInterruptPayload = {
  type: "tool_approval",
  action_requests: [
    { tool_call_id: "c1", name: "deploy", arguments: { service: "api" }, args: { service: "api" } },
    { tool_call_id: "c2", name: "delete_file", arguments: { path: "/tmp/x" }, args: { path: "/tmp/x" } },
  ],
  review_configs: [
    { tool_call_id: "c1", action_name: "deploy", allowed_decisions: ["approve", "reject"] },
    { tool_call_id: "c2", action_name: "delete_file", allowed_decisions: ["approve", "edit", "reject", "respond"] },
  ],
};

describe("approvalResumeBody", () => {
  test("keys each decision by tool_call_id, trims the reason and the comment, parses edited JSON", () => {
    const drafts = new Map<string, DecisionDraft>([
      ["c2", { type: "edit", text: '{ "path": "/tmp/y" }' }],
      ["c1", { type: "reject", reason: "  not today " }],
    ]);
    expect(approvalResumeBody("i1", approval, drafts, " ok ")).toEqual({
      ok: true,
      body: { interruptId: "i1", comment: "ok", decisions: { c1: { type: "reject", reason: "not today" }, c2: { type: "edit", updatedInput: { path: "/tmp/y" } } } },
    });
  });

  test("leaves out a blank reason and a blank comment", () => {
    const drafts = new Map<string, DecisionDraft>([["c1", { type: "reject", reason: " " }], ["c2", { type: "approve" }]]);
    expect(approvalResumeBody("i1", approval, drafts, "")).toEqual({ ok: true, body: { interruptId: "i1", decisions: { c1: { type: "reject" }, c2: { type: "approve" } } } });
  });

  test.each<[string, DecisionDraft | undefined, RegExp]>([
    ["no decision", undefined, /^Choose a decision for delete_file/],
    ["edited text that is not JSON", { type: "edit", text: "{ path: " }, /^The arguments are not valid JSON/],
    ["edited JSON that is not an object", { type: "edit", text: "[1]" }, /must be a JSON object/],
    ["an empty response", { type: "respond", text: "  " }, /^Write the result/],
  ])("refuses %s for the call it concerns, and builds nothing", (_label, draft, message) => {
    const drafts = new Map<string, DecisionDraft>([["c1", { type: "approve" }], ...(draft === undefined ? [] : [["c2", draft] as [string, DecisionDraft]])]);
    const result = approvalResumeBody("i1", approval, drafts, "");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0]?.toolCallId).toBe("c2");
      expect(result.issues[0]?.message).toMatch(message);
    }
  });

  test("parseEditedArguments returns the object it parsed", () => {
    expect(parseEditedArguments('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  });
});

const options = [
  { label: "Staging", value: "staging" },
  { label: "Production", value: "production" },
];

describe("questionResumeBody", () => {
  const single: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: { question: "Where?", options } };

  test.each([
    ["an option", { selected: ["staging"], text: "" }, "staging"],
    ["typed text over an option", { selected: ["staging"], text: " qa " }, "qa"],
  ])("one question answers with { answer }: %s", (_label, draft, answer) => {
    expect(questionResumeBody("i2", single, [draft])).toEqual({ ok: true, body: { interruptId: "i2", answer } });
  });

  test("ignores typed text when free text is not allowed, and then asks for an option", () => {
    const closed: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: { question: "Where?", options, allowFreeText: false } };
    expect(questionResumeBody("i2", closed, [{ selected: [], text: "qa" }])).toEqual({ ok: false, issues: [{ questionIndex: 0, message: "Choose an option." }] });
  });

  test("a multiSelect answer is the values picked plus the typed text; several questions answer by question text", () => {
    const several: AskUserQuestionInterruptPayload = {
      type: "ask_user_question",
      question: { question: "Which?", options, multiSelect: true },
      questions: [{ question: "Which?", options, multiSelect: true }, { question: "Why?" }],
    };
    expect(questionResumeBody("i3", several, [{ selected: ["staging", "production"], text: "dev" }, { selected: [], text: "because" }])).toEqual({
      ok: true,
      body: { interruptId: "i3", answers: { "Which?": ["staging", "production", "dev"], "Why?": "because" } },
    });
  });

  test("an unanswered question without options asks for text, by index", () => {
    const several: AskUserQuestionInterruptPayload = { type: "ask_user_question", question: { question: "A?" }, questions: [{ question: "A?" }, { question: "B?" }] };
    expect(questionResumeBody("i4", several, [{ selected: [], text: "x" }, { selected: [], text: " " }])).toEqual({ ok: false, issues: [{ questionIndex: 1, message: "Type an answer." }] });
  });
});
