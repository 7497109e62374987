import { validateDecisions } from "../../src/decisions/validate-decisions.js";
import { isHITLError, type HITLError, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { validateResolution, validateResolutions } from "../../src/questions/validate-answer.js";

const question = { question: "Which environment?", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] };

function refusal(run: () => unknown): HITLError {
  try {
    run();
  } catch (error) {
    if (isHITLError(error)) return error;
    throw error;
  }
  throw new Error("the value was accepted");
}

describe("a refusal names what was sent, bounded", () => {
  test("an answer with 100 000 unknown fields beside it names the first ten and how many more, in a short message", () => {
    const resolution = { answer: "staging", ...Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 1])) };
    const error = refusal(() => validateResolution(question, resolution));
    expect(error.code).toBe("INVALID_ANSWER");
    expect(error.details[0]?.message).toBe('unknown field(s) k0, k1, k2, k3, k4, k5, k6, k7, k8, k9 and 99990 more; expected only "answer"');
    expect(error.message.length).toBeLessThan(200);
  });
});

describe("an answer sent in the wrong shape says what to send instead", () => {
  test('a bare string answers nothing: the refusal says to send { answer: "staging" }', () => {
    const error = refusal(() => validateResolution(question, "staging"));
    expect(error.code).toBe("INVALID_ANSWER");
    expect(error.message).toContain('send { answer: "staging" }');
    expect(error.details).toEqual([expect.objectContaining({ path: ["answer"], received: "staging", allowed: ["{ answer }"] })]);
  });

  test("decisions sent to a question are told they answer an approval", () => {
    const error = refusal(() => validateResolution(question, [{ type: "approve" }]));
    expect(error.message).toContain("this interrupt is a question (ask_user_question), and decisions answer an approval (tool_approval)");
    expect(error.details).toEqual([expect.objectContaining({ path: ["answer"], received: [{ type: "approve" }] })]);
  });

  test("a field beside answer is named, with what is allowed", () => {
    const error = refusal(() => validateResolution(question, { answer: "staging", comment: "hi" }));
    expect(error.details).toEqual([expect.objectContaining({ path: ["comment"], received: "comment", allowed: ["answer"] })]);
  });

  test("a missing answer among several questions lists the option values it may take", () => {
    const other = { question: "Notify?", options: [{ label: "Yes", value: "yes" }] };
    const error = refusal(() => validateResolutions([question, other], { answers: { "Which environment?": "staging" } }));
    expect(error.details).toEqual([expect.objectContaining({ path: ["answers", "Notify?"], allowed: ["yes"] })]);
  });
});

describe("an answer sent to an approval", () => {
  const approval: ToolApprovalInterruptPayload = {
    type: "tool_approval",
    action_requests: [{ tool_call_id: "c1", name: "deploy", arguments: {}, args: {} }],
    review_configs: [{ tool_call_id: "c1", action_name: "deploy", allowed_decisions: ["approve", "reject"] }],
  };

  test("is told the interrupt is an approval that takes decisions, not that no call has tool_call_id \"answer\"", async () => {
    const error = await validateDecisions(approval, { answer: "staging" }, () => undefined).then(
      () => {
        throw new Error("accepted");
      },
      (caught: HITLError) => caught,
    );
    expect(error.code).toBe("INVALID_DECISION");
    expect(error.message).toContain("which answers a question (ask_user_question), but this interrupt is an approval (tool_approval): send decisions");
    expect(error.message).not.toContain('tool_call_id "answer"');
    expect(error.details).toEqual([expect.objectContaining({ path: ["answer"], received: { answer: "staging" } })]);
  });
});
