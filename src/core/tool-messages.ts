import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { HITLRecord, OutcomeSource } from "./types.js";


const LEADS: Record<OutcomeSource, string> = {
  reviewer: "the reviewer rejected it",
  policy: "it was denied by policy",
  policy_failure: "the policy hook failed, so the call was blocked (this is a failure of the policy hook, not of the tool)",
  hitl_disabled: "blocked: approval required, but human review is disabled (humanInTheLoop.enabled is false)",
  changed_after_review: "the request changed after review, so the reviewer's decision does not cover it",
  expired: "approval expired before a decision was applied",
  unreviewable: "the call has no id, so it cannot be reviewed",
  no_human: "no human is available to answer (humanInTheLoop.enabled is false)",
  duplicate_tool_call_id: "another call of the same turn has the same tool_call_id, so neither can be told apart for review",
  invalid_arguments: "its arguments are not a valid input of the tool",
};

/** Text the model sees for a call that did not run. Names the tool and says it was not executed. */
function blockedContent(toolName: string, source: OutcomeSource, reason: string | undefined): string {
  const because = reason === undefined || reason.length === 0 ? "" : ` Reason: ${reason}`;
  return `Tool "${toolName}" was not executed: ${LEADS[source]}.${because}`;
}

/** An error `ToolMessage` for a call that did not run. */
export function blockedMessage(call: ToolCall, source: OutcomeSource, record: HITLRecord): ToolMessage {
  return new ToolMessage({
    status: "error",
    name: call.name,
    tool_call_id: call.id ?? "",
    content: blockedContent(call.name, source, record.reason),
    additional_kwargs: { hitl: record },
  });
}

/** A successful `ToolMessage` carrying a result no tool produced (a reviewer's `respond`, a policy `skip`). */
export function answerMessage(call: ToolCall, responseText: string, record: HITLRecord): ToolMessage {
  return new ToolMessage({
    status: "success",
    name: call.name,
    tool_call_id: call.id ?? "",
    content: responseText,
    additional_kwargs: { hitl: record },
  });
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
