/**
 * LangChain JS's own `humanInTheLoopMiddleware` test suite (langchain@1.5.5, 24 tests) as our
 * contract test: LangChain's middleware must pass it completely (the control: it shows the port
 * is faithful to the installed release), and `approvalMiddleware` passes it except the intended
 * differences, each a named expectation of its own (see upstream-support.ts `Differences`).
 */
import { humanInTheLoopMiddleware } from "langchain";
import { isToolApprovalInterrupt } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { interruptsOf } from "../support/fixtures.js";
import { calculatorFn, upstreamHitlCases, writeFileFn } from "./upstream-hitl.cases.js";
import { upstreamOrderingCases } from "./upstream-hitl-order.cases.js";
import { upstreamRefusalCases } from "./upstream-hitl-refusals.cases.js";
import type { HitlSubject } from "./upstream-support.js";

const langChain: HitlSubject = {
  name: "humanInTheLoopMiddleware (LangChain, the control)",
  middleware: (options) => humanInTheLoopMiddleware(options as never) as never,
  differences: {
    hitlRequest: (value, expected) => expect(value).toEqual(expected),
    invalidResume: async (invoke, upstreamMessage) => {
      await expect(invoke()).rejects.toThrow(upstreamMessage);
    },
    rejectRunsApprovedSiblings: false,
  },
};

const ours: HitlSubject = {
  name: "approvalMiddleware",
  middleware: (options) => approvalMiddleware(options as never) as never,
  differences: {
    // Intended: LangChain's HITLRequest exactly, beside our own snake_case tool_approval payload.
    hitlRequest: (value, expected) => {
      const { actionRequests, reviewConfigs } = value as Record<string, unknown>;
      expect({ actionRequests, reviewConfigs }).toEqual(expected);
      expect(isToolApprovalInterrupt(value)).toBe(true);
      expect((value as { action_requests: Array<{ name: string }> }).action_requests.map((request) => request.name)).toEqual(expected.actionRequests.map((request) => request.name));
    },
    // Intended: a refused resume value re-raises the approval with an `error`; nothing runs and the thread stays resumable.
    invalidResume: async (invoke, _upstreamMessage, code) => {
      const [raised] = interruptsOf(await invoke());
      const value = raised?.value as { error?: { code: string }; actionRequests?: unknown[] } | undefined;
      expect(value?.error?.code).toBe(code);
      expect(value?.actionRequests?.length).toBeGreaterThan(0);
      expect(writeFileFn).not.toHaveBeenCalled();
      expect(calculatorFn).not.toHaveBeenCalled();
    },
    // Intended (and LangChain's own since 1.6.1, langchainjs#11437): approved siblings of a rejected call run.
    rejectRunsApprovedSiblings: true,
  },
};

for (const subject of [langChain, ours]) {
  describe(`LangChain's humanInTheLoopMiddleware suite (langchain@1.5.5) with ${subject.name}`, () => {
    upstreamHitlCases(subject);
    upstreamRefusalCases(subject);
    upstreamOrderingCases(subject);
  });
}
