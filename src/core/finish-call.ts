import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";
import { runObservers, type ObserverContext } from "../hooks/observers.js";
import { shadowRecord } from "../hooks/shadow.js";
import type { DenialSource, ToolBatchEntry } from "../hooks/types.js";
import type { Outcome, ResolvedReviewMessages } from "./types.js";
import type { RunStop } from "../protocol/stop-reason.js";
import { copyToolMessage, editNotice } from "./tool-messages.js";
import { callMessage, withCallMessage } from "./call-message.js";

/** One answered call: what the model sees, its batch entry, and any request to stop the run. */
export interface FinishedCall {
  output: ToolMessage | Command;
  entry: ToolBatchEntry;
  stops: RunStop[];
}

/** The text of a message's content, for hooks and batch reports. */
function contentText(message: ToolMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((block) => (typeof block === "string" ? block : "text" in block ? String(block.text) : "")).join("");
}

function withContext(content: ToolMessage["content"], context: string[]): ToolMessage["content"] {
  if (context.length === 0) return content;
  const text = context.join("\n");
  if (typeof content === "string") return content.length === 0 ? text : `${content}\n\n${text}`;
  return [...content, { type: "text", text }] as ToolMessage["content"];
}

/** What a call's observers said: a replaced output, context for the model, requests to stop. */
interface CallReport {
  output: string;
  context: string[];
  stops: RunStop[];
}

async function observeRun(outcome: Outcome, message: ToolMessage, observers: ObserverContext): Promise<CallReport> {
  const { call } = outcome;
  const about = { toolName: call.name, toolCallId: call.id ?? "" };
  const facts = observers.facts(call.name);
  const report: CallReport = { output: contentText(message), context: [], stops: [] };
  const stop = (kind: RunStop["kind"], reason: string, event: RunStop["event"]): void => {
    report.stops.push({ kind, reason, event, toolCallId: about.toolCallId });
  };
  if (message.status === "error") {
    await runObservers("PostToolUseFailure", call.name, () => ({ ...about, ...facts, toolInput: call.args, error: report.output }), observers, (result) => {
      if (result?.additionalContext !== undefined) report.context.push(result.additionalContext);
      if (result?.cancelRun !== undefined) stop("cancel", result.cancelRun, "PostToolUseFailure");
    }, about);
    return report;
  }
  await runObservers("PostToolUse", call.name, () => ({ ...about, ...facts, toolInput: call.args, toolOutput: report.output }), observers, (result) => {
    if (result?.updatedOutput !== undefined) report.output = result.updatedOutput;
    if (result?.additionalContext !== undefined) report.context.push(result.additionalContext);
    if (result?.cancelRun !== undefined) stop("cancel", result.cancelRun, "PostToolUse");
    if (result?.preventContinuation === true) stop("halt", result.stopReason ?? "halted by a PostToolUse hook", "PostToolUse");
  }, about);
  return report;
}

async function observeDenial(outcome: Extract<Outcome, { kind: "blocked" }>, message: ToolMessage, observers: ObserverContext): Promise<CallReport> {
  const { call } = outcome;
  const toolCallId = call.id ?? "";
  const reason = outcome.record.reason ?? contentText(message);
  const source: DenialSource = outcome.source;
  await runObservers("PermissionDenied", call.name, () => ({ toolName: call.name, toolCallId, ...observers.facts(call.name), toolInput: call.args, reason, source }), observers, undefined, {
    toolName: call.name,
    toolCallId,
  });
  return { output: contentText(message), context: [], stops: [] };
}

/**
 * Runs the observers of one answered call — `PostToolUse` / `PostToolUseFailure` for a call that
 * ran, `PermissionDenied` for one that did not — or `undefined` when it has none.
 */
export async function observeCall(outcome: Outcome, settled: ToolMessage | Command, observers: ObserverContext): Promise<CallReport | undefined> {
  const message = callMessage(settled, outcome.call.id ?? "");
  if (message === undefined || outcome.kind === "answer") return undefined;
  const event = outcome.kind === "blocked" ? "PermissionDenied" : message.status === "error" ? "PostToolUseFailure" : "PostToolUse";
  if ((observers.registry?.hooksFor(event, outcome.call.name).length ?? 0) === 0) return undefined;
  return outcome.kind === "blocked" ? observeDenial(outcome, message, observers) : observeRun(outcome, message, observers);
}

/**
 * Shapes one answered call: applies what its observers said (`updatedOutput`, every
 * `additionalContext`, a halt mark), adds the notice of a reviewer's edit (also kept on the
 * audit record), and describes it for `PostToolBatch`.
 */
export function finishCall(outcome: Outcome, settled: ToolMessage | Command, report: CallReport | undefined, messages?: ResolvedReviewMessages): FinishedCall {
  const { call, notes } = outcome;
  const toolCallId = call.id ?? "";
  const stops: RunStop[] = [];
  if (notes.halt !== undefined) stops.push({ kind: "halt", reason: notes.halt.reason, event: "PreToolUse", toolCallId });
  const decision = outcome.record?.decision ?? "allow";
  // A Command answers with the message its update carries for the call: everything below applies to that message.
  const message = callMessage(settled, toolCallId);
  if (message === undefined) {
    return { output: settled, entry: { toolCallId, toolName: call.name, input: call.args, status: "success", output: "", decision }, stops };
  }
  let content = message.content;
  // Added after the observers: a PostToolUse hook sees (and may replace) the tool's own output only.
  const notice = outcome.kind === "run" ? editNotice(call, outcome.record, messages) : undefined;
  const context = [...(notice === undefined ? [] : [notice]), ...notes.additionalContext];
  if (report !== undefined) {
    if (report.output !== contentText(message)) content = report.output;
    context.push(...report.context);
    stops.push(...report.stops);
  }
  const stop = stops[0];
  const marks = {
    ...(stop === undefined ? {} : { hitl_halt: { kind: stop.kind, reason: stop.reason, event: stop.event } }),
    ...(notice === undefined ? {} : { hitl: { ...(message.additional_kwargs["hitl"] as object | undefined), ...outcome.record, notice } }),
    ...(notes.shadow === undefined ? {} : { hitl_shadow: notes.shadow.map(shadowRecord) }),
  };
  const unchanged = content === message.content && context.length === 0 && Object.keys(marks).length === 0;
  const shaped = unchanged ? message : copyToolMessage(message, { content: withContext(content, context), kwargs: marks });
  const status = shaped.status === "error" ? "error" : "success";
  return { output: withCallMessage(settled, toolCallId, shaped), entry: { toolCallId, toolName: call.name, input: call.args, status, output: contentText(shaped), decision }, stops };
}
