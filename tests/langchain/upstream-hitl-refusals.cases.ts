/**
 * LangChain JS's `humanInTheLoopMiddleware` tests 12–16 (langchain@1.5.5, hitl.test.ts): resume
 * values its middleware refuses by throwing, ported as in upstream-hitl.cases.ts.
 */
import { HumanMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import type { Decision, HITLResponse } from "langchain";
import { agentOf, writeCall, writeFileTool } from "./upstream-hitl.cases.js";
import type { HitlSubject } from "./upstream-support.js";

/** An agent paused on one write_file call that only allows `allowed`. */
async function pausedOnWrite(subject: HitlSubject, allowed: Array<"approve" | "edit" | "reject">, threadId: string) {
  const { agent } = agentOf(subject, { interruptOn: { write_file: { allowedDecisions: allowed } } }, [[writeCall("call_1", "test.txt", "test")]], [writeFileTool]);
  const config = { configurable: { thread_id: threadId } };
  await agent.invoke({ messages: [new HumanMessage("Write test file")] }, config);
  return { agent, config };
}

export function upstreamRefusalCases(subject: HitlSubject): void {
  const { differences } = subject;
  beforeEach(() => {
    jest.clearAllMocks();
  });

  it("should throw error when edited action has invalid name", async () => {
    const { agent, config } = await pausedOnWrite(subject, ["edit"], "test-invalid-name");
    const invalidEditedAction = { name: 123, args: { filename: "test.txt", content: "test" } } as never;
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: [{ type: "edit", editedAction: invalidEditedAction }] } as HITLResponse }), config),
      'Invalid edited action for tool "write_file": name must be a string',
      "INVALID_DECISION",
    );
  });

  it("should throw error when edited action has invalid arguments", async () => {
    const { agent, config } = await pausedOnWrite(subject, ["edit"], "test-invalid-arguments");
    const invalidEditedAction = { name: "write_file", args: "not an object" } as never;
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: [{ type: "edit", editedAction: invalidEditedAction }] } as HITLResponse }), config),
      'Invalid edited action for tool "write_file": args must be an object',
      "INVALID_DECISION",
    );
  });

  it("should throw error when edited action is missing", async () => {
    const { agent, config } = await pausedOnWrite(subject, ["edit"], "test-missing-edited-action");
    const invalidDecision = { type: "edit" } as Decision;
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: [invalidDecision] } as HITLResponse }), config),
      'Invalid edited action for tool "write_file": name must be a string',
      "INVALID_DECISION",
    );
  });

  it("should throw error when decisions array is not provided", async () => {
    const { agent, config } = await pausedOnWrite(subject, ["approve"], "test-no-decisions");
    await differences.invalidResume(() => agent.invoke(new Command({ resume: {} as HITLResponse }), config), "Invalid HITLResponse: decisions must be a non-empty array", "INVALID_DECISION");
  });

  it("should throw error when decisions is not an array", async () => {
    const { agent, config } = await pausedOnWrite(subject, ["approve"], "test-decisions-not-array");
    await differences.invalidResume(
      () => agent.invoke(new Command({ resume: { decisions: "not an array" } as unknown as HITLResponse }), config),
      "Invalid HITLResponse: decisions must be a non-empty array",
      "INVALID_DECISION",
    );
  });
}
