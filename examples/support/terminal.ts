import { createInterface, type Interface } from "node:readline/promises";
import type { ToolApprovalInterruptPayload } from "../../src/index.js";

/** Whether a person is at the keyboard (CI and pipes are not). */
export const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;

/** Renders a pending approval the way a reviewer wants to read it. */
export function describeApproval(payload: ToolApprovalInterruptPayload): string {
  const lines = ["", "⏸  The agent paused: it needs your approval for these tool calls", ""];
  payload.action_requests.forEach((request, index) => {
    const allowed = payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.allowed_decisions ?? [];
    lines.push(`  ${index + 1}. ${request.name}  (call ${request.tool_call_id})`);
    if (request.description !== undefined) lines.push(`     why:       ${request.description}`);
    lines.push(`     arguments: ${JSON.stringify(request.arguments)}`);
    lines.push(`     you may:   ${allowed.join(", ")}`);
  });
  if (payload.error !== undefined) lines.push("", `  ⚠ previous answer refused: ${payload.error.message}`);
  return lines.join("\n");
}

let session: Interface | undefined;

/** Asks one question on the terminal (one readline session for the whole demo). */
export async function prompt(question: string): Promise<string> {
  session ??= createInterface({ input: process.stdin, output: process.stdout });
  return (await session.question(question)).trim();
}

/** Ends the terminal session so the process can exit. */
export function closePrompt(): void {
  session?.close();
  session = undefined;
}
