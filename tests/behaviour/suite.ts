import { approvalFlowCases } from "./approval-flow.cases.js";
import { decisionCases } from "./decisions.cases.js";
import { middlewareAdapter, nodeAdapter, type SaverFactory } from "./harness.js";
import { argumentsAsSentCases } from "./arguments-as-sent.cases.js";
import { auditCases } from "./audit.cases.js";
import { callIdentityCases, inheritedNameCases } from "./call-identity.cases.js";
import { idStorageCases } from "./stored-ids.cases.js";
import { expiryCases } from "./expiry.cases.js";
import { hookLifecycleCases } from "./hook-lifecycle.cases.js";
import { interruptIdCases } from "./interrupt-ids.cases.js";
import { judgedOnceCases } from "./judged-once.cases.js";
import { invalidResumeCases } from "./invalid-resume.cases.js";
import { modeCases } from "./modes.cases.js";
import { questionCases } from "./questions.cases.js";
import { questionToolCases } from "./question-tool.cases.js";
import { rebuildCases } from "./rebuild.cases.js";
import { trustCases } from "./trust.cases.js";
import { signingCases } from "./signing.cases.js";
import { nodeBoundsCases } from "./node-bounds.cases.js";
import { clientSpellingCases } from "./client-spellings.cases.js";
import { responseSchemaCases } from "./response-schema.cases.js";
import { streamingCases } from "./streaming.cases.js";
import { durabilityCases } from "./durability.cases.js";
import { historyBoundCases } from "./history-bound.cases.js";
import { shadowCases } from "./shadow.cases.js";
import { toolFactsCases } from "./tool-facts.cases.js";
import { failingSchemaCases, screeningPathCases } from "./screening-paths.cases.js";
import { grantCases } from "./grants.cases.js";
import { grantRefusalCases } from "./grant-refusals.cases.js";
import { undescribableThrowCases } from "./undescribable-throws.cases.js";
import { commandToolCases } from "./command-tools.cases.js";

const CASES = [approvalFlowCases, decisionCases, invalidResumeCases, modeCases, questionToolCases, rebuildCases, expiryCases, auditCases, interruptIdCases, trustCases, hookLifecycleCases, judgedOnceCases, callIdentityCases, argumentsAsSentCases];
CASES.push(signingCases);
CASES.push(nodeBoundsCases);
CASES.push(clientSpellingCases);
CASES.push(responseSchemaCases);
CASES.push(streamingCases);
CASES.push(durabilityCases);
CASES.push(shadowCases, toolFactsCases);
CASES.push(grantCases, grantRefusalCases);
CASES.push(screeningPathCases, failingSchemaCases);
CASES.push(inheritedNameCases, idStorageCases);
CASES.push(undescribableThrowCases);
CASES.push(commandToolCases);

/** Every core behaviour, registered against one checkpointer implementation, on both adapters. */
export function runBehaviourSuite(saver: SaverFactory): void {
  for (const adapter of [nodeAdapter, middlewareAdapter]) {
    describe(adapter.kind === "node" ? "ApprovalToolNode in a StateGraph" : "createAgent + approvalMiddleware", () => {
      for (const cases of CASES) cases(saver, adapter);
      // askUserQuestion() inside a plain node, and the host's history search, involve neither adapter: registered once.
      if (adapter.kind === "node") questionCases(saver, adapter);
      if (adapter.kind === "node") historyBoundCases(saver, adapter);
    });
  }
}
