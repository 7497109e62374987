import { approvalFlowCases } from "./approval-flow.cases.js";
import { decisionCases } from "./decisions.cases.js";
import type { SaverFactory } from "./harness.js";
import { auditCases } from "./audit.cases.js";
import { expiryCases } from "./expiry.cases.js";
import { interruptIdCases } from "./interrupt-ids.cases.js";
import { invalidResumeCases } from "./invalid-resume.cases.js";
import { modeCases } from "./modes.cases.js";
import { questionCases } from "./questions.cases.js";
import { questionToolCases } from "./question-tool.cases.js";
import { rebuildCases } from "./rebuild.cases.js";
import { trustCases } from "./trust.cases.js";

/** Every core behaviour, registered against one checkpointer implementation. */
export function runBehaviourSuite(saver: SaverFactory): void {
  for (const cases of [approvalFlowCases, decisionCases, invalidResumeCases, modeCases, questionCases, questionToolCases, rebuildCases, expiryCases, auditCases, interruptIdCases, trustCases]) cases(saver);
}
