import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { HITLRecord, OutcomeSource, ResolvedReviewMessages, ReviewMessageContext } from "./types.js";

const LEADS: Record<OutcomeSource, string> = {
  reviewer: "the reviewer rejected it",
  policy: "it was denied by policy",
  policy_failure: "the policy hook failed, so the call was blocked (this is a failure of the policy hook, not of the tool)",
  hitl_disabled: "blocked: approval required, but human review is disabled (humanInTheLoop.enabled is false)",
  changed_after_review: "the request changed after review, so the reviewer's decision does not cover it",
  expired: "approval expired before a decision was applied",
  unreviewable: "it needed a person's decision, which it cannot be given as sent",
  no_human: "no human is available to answer (humanInTheLoop.enabled is false)",
  invalid_tool_call_id: "its tool_call_id cannot be stored exactly, so its result could not be kept",
  duplicate_tool_call_id: "another call of the same turn has the same tool_call_id, so neither can be told apart for review",
  invalid_arguments: "its arguments are not a valid input of the tool",
};

/** Text the model sees for a call that did not run. Names the tool and says it was not executed. */
function blockedContent(toolName: string, source: OutcomeSource, reason: string | undefined): string {
  const because = reason === undefined || reason.length === 0 ? "" : ` Reason: ${reason}`;
  return `Tool "${toolName}" was not executed: ${LEADS[source]}.${because}`;
}

/** What a review-message template is filled with for one call. */
function contextOf(call: ToolCall, message: string | undefined): ReviewMessageContext {
  return { toolName: call.name, toolCallId: call.id ?? "", message: message ?? "", arguments: JSON.stringify(call.args) ?? "null" };
}

/**
 * What the model reads for a call a person rejected: `reviewMessages.reject` (no message) or
 * `reviewMessages.rejectWithMessage` (the reviewer's text), e.g. LangChain's
 * "User rejected the tool call for `calculator` with id call_123".
 */
function rejectedContent(call: ToolCall, reason: string | undefined, messages: ResolvedReviewMessages): string {
  const hasMessage = reason !== undefined && reason.length > 0;
  return (hasMessage ? messages.rejectWithMessage : messages.reject)(contextOf(call, reason));
}

/**
 * An error `ToolMessage` for a call that did not run. A person's reject reads as
 * `reviewMessages` says; every other block names the tool, says it was not executed and why.
 */
export function blockedMessage(call: ToolCall, source: OutcomeSource, record: HITLRecord, messages?: ResolvedReviewMessages): ToolMessage {
  const byPerson = source === "reviewer" && record.decision === "reject" && messages !== undefined;
  return new ToolMessage({
    status: "error",
    name: call.name,
    tool_call_id: call.id ?? "",
    content: byPerson ? rejectedContent(call, record.reason, messages) : blockedContent(call.name, source, record.reason),
    additional_kwargs: { hitl: record },
  });
}

/**
 * A successful `ToolMessage` carrying a result no tool produced (a reviewer's `respond`, a policy
 * `skip`, an answered question). A respond reads as `reviewMessages.respond` says (default: the
 * reviewer's text verbatim); the others carry their text as it is.
 */
export function answerMessage(call: ToolCall, responseText: string, record: HITLRecord, messages?: ResolvedReviewMessages): ToolMessage {
  const content = record.decision === "respond" && messages !== undefined ? messages.respond(contextOf(call, responseText)) : responseText;
  return new ToolMessage({
    status: "success",
    name: call.name,
    tool_call_id: call.id ?? "",
    content,
    additional_kwargs: { hitl: record },
  });
}

/**
 * The notice for a call that ran with a reviewer's edited arguments (`reviewMessages.edit`),
 * naming what ran; `undefined` for any other call or when notices are off.
 *
 * @param call - The call as it ran (the edited arguments).
 * @example
 * ```ts
 * editNotice({ name: "calculator", args: { a: 5 }, id: "c1" }, { decision: "edit", source: "reviewer" }, options.reviewMessages);
 * // 'Executed instead: calculator with arguments {"a":5}. A reviewer edited the call before it ran; do not repeat the original call.'
 * ```
 */
export function editNotice(call: ToolCall, record: HITLRecord | undefined, messages: ResolvedReviewMessages | undefined): string | undefined {
  if (record?.decision !== "edit" || messages?.edit === undefined) return undefined;
  return messages.edit(contextOf(call, undefined));
}

/**
 * A copy of `message` with other content and extra `additional_kwargs`; the original (which
 * may already be in the graph's state) is never touched.
 */
export function copyToolMessage(message: ToolMessage, changes: { content?: ToolMessage["content"]; kwargs?: Record<string, unknown> }): ToolMessage {
  return new ToolMessage({
    content: changes.content ?? message.content,
    tool_call_id: message.tool_call_id,
    ...(message.name === undefined ? {} : { name: message.name }),
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.status === undefined ? {} : { status: message.status }),
    ...(message.artifact === undefined ? {} : { artifact: message.artifact as unknown }),
    response_metadata: { ...message.response_metadata },
    additional_kwargs: { ...message.additional_kwargs, ...changes.kwargs },
  });
}

/** A copy of `message` with the approval record attached. */
export function withHitlRecord(message: ToolMessage, record: HITLRecord): ToolMessage {
  return copyToolMessage(message, { kwargs: { hitl: record } });
}
