import type { ToolApprovalDecision, ToolApprovalInterruptPayload } from "../../src/index.js";
import { interactive, prompt } from "./terminal.js";

/** Whether a person can answer here: a terminal, and not a CI run. */
export const canAsk = interactive && process.env["CI"] === undefined;

/**
 * Asks the person in the terminal for one decision per call; without a terminal (or under CI)
 * approves everything by itself, so the demo runs unattended.
 */
export async function decideInTerminal(payload: ToolApprovalInterruptPayload): Promise<ToolApprovalDecision[]> {
  if (!canAsk) {
    console.log("\n(no terminal or CI: approving everything automatically)");
    return payload.action_requests.map(() => ({ type: "approve" }));
  }
  const decisions: ToolApprovalDecision[] = [];
  for (const request of payload.action_requests) {
    const choice = (await prompt(`\n${request.name}: [a]pprove, [r]eject, [e]dit, re[s]pond? `)).toLowerCase();
    if (choice.startsWith("r")) decisions.push({ type: "reject", reason: (await prompt("reason: ")) || "rejected in the demo" });
    else if (choice.startsWith("e")) decisions.push({ type: "edit", updatedInput: JSON.parse(await prompt(`new arguments as JSON ${JSON.stringify(request.arguments)}: `)) });
    else if (choice.startsWith("s")) decisions.push({ type: "respond", responseText: await prompt("what should the model see instead? ") });
    else decisions.push({ type: "approve" });
  }
  return decisions;
}
