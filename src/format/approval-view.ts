import type { ToolApprovalInterruptPayload, ToolApprovalRequest } from "../payload/types.js";
import { displayJson, escapeHtml, escapeTerminal } from "./escape.js";

/** One row of the approval table: a call and what the reviewer may decide about it. */
interface ApprovalRow {
  request: ToolApprovalRequest;
  allowed: string[];
}

function rowsOf(payload: ToolApprovalInterruptPayload): ApprovalRow[] {
  return payload.action_requests.map((request) => ({
    request,
    allowed: payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)?.allowed_decisions ?? [],
  }));
}

function headline(payload: ToolApprovalInterruptPayload): string {
  const count = payload.action_requests.length;
  return `Approval needed for ${count} tool call${count === 1 ? "" : "s"}`;
}

/** The notes below the calls: why the previous answer was refused, and the deadline. */
function notes(payload: ToolApprovalInterruptPayload): string[] {
  const lines: string[] = [];
  if (payload.error !== undefined) lines.push(`Previous answer refused (${payload.error.code}): ${payload.error.message}`);
  if (payload.expires_at !== undefined) lines.push(`Expires at ${payload.expires_at}; undecided calls are then rejected.`);
  return lines;
}

/**
 * Plain-text view of a `tool_approval` payload, one numbered block per call.
 *
 * @param payload - A payload that passed `isToolApprovalInterrupt`.
 * @returns Lines joined with `\n`; every payload-supplied string is terminal-escaped.
 */
export function approvalText(payload: ToolApprovalInterruptPayload): string {
  const lines = [`${headline(payload)}:`];
  rowsOf(payload).forEach(({ request, allowed }, index) => {
    lines.push(`  ${index + 1}. ${escapeTerminal(request.name)}  (call ${escapeTerminal(request.tool_call_id)})`);
    if (request.description !== undefined) lines.push(`     why:       ${escapeTerminal(request.description)}`);
    lines.push(`     arguments: ${escapeTerminal(displayJson(request.arguments))}`);
    lines.push(`     you may:   ${escapeTerminal(allowed.join(", "))}`);
  });
  for (const note of notes(payload)) lines.push(`  ! ${escapeTerminal(note)}`);
  return lines.join("\n");
}

function htmlRow({ request, allowed }: ApprovalRow, index: number): string {
  const cells = [
    String(index + 1),
    `<strong>${escapeHtml(request.name)}</strong>`,
    `<pre>${escapeHtml(displayJson(request.arguments, 2))}</pre>`,
    escapeHtml(request.description ?? ""),
    escapeHtml(allowed.join(", ")),
    `<code>${escapeHtml(request.tool_call_id)}</code>`,
  ];
  return `<tr>${cells.map((cell) => `<td style="text-align:left;vertical-align:top">${cell}</td>`).join("")}</tr>`;
}

/**
 * HTML view of a `tool_approval` payload: a table with one row per call.
 *
 * @param payload - A payload that passed `isToolApprovalInterrupt`.
 * @returns A self-contained `<div>`; every payload-supplied string is HTML-escaped.
 */
export function approvalHtml(payload: ToolApprovalInterruptPayload): string {
  const head = ["#", "Tool", "Arguments", "Why", "You may", "Call id"].map((label) => `<th style="text-align:left">${label}</th>`).join("");
  const body = rowsOf(payload).map(htmlRow).join("");
  const footer = notes(payload).map((note) => `<p><strong>!</strong> ${escapeHtml(note)}</p>`).join("");
  return `<div class="hitl-approval"><table><caption style="text-align:left"><strong>${escapeHtml(headline(payload))}</strong></caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${footer}</div>`;
}
