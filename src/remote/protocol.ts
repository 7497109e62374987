import { randomUUID } from "node:crypto";
import type { ToolBatchEntry, ToolFacts } from "../hooks/types.js";
import type { ToolInput } from "../payload/types.js";

/** The protocol revision spoken (the Agent Hooks Protocol working draft). */
export const PROTOCOL_VERSION = "draft";
/** Decision requests: one per tool call, answered with effects. */
const INTERCEPT_METHOD = "hooks/intercept";
/** Observations: notifications, never answered. */
const OBSERVE_METHOD = "hooks/observe";
/** Namespace of the fields this library adds to events (reverse-DNS, as the protocol asks of extensions). */
const EXTENSION_NAMESPACE = "dev.langgraph-hitl";
/**
 * Namespace of what a `tool.before` event says about the tool itself (added after the first
 * release). A namespace of its own, so a backend written for the earlier events sees exactly what
 * it saw before: the same `protocolVersion`, `tool` object and `dev.langgraph-hitl` extension.
 */
const TOOL_EXTENSION_NAMESPACE = "dev.langgraph-hitl.tool";

/**
 * What a backend may answer to `tool.before`. The protocol requires a backend to return only
 * advertised effects; anything else is a `protocol_rejection`.
 */
const TOOL_BEFORE_CAPABILITIES = {
  effects: ["deny", "allow", "ask", "modify"],
  modify: { input: { replace: true, merge: true } },
} as const;

/** The fields every event carries. */
interface EventMeta {
  id: string;
  source: string;
  time: string;
  /** The thread id; a stable per-hook id marked `synthesized` when the run has no thread. */
  session: { id: string; synthesized?: true };
}

/** The tool's description, the JSON Schema of its input and its metadata; each absent when the tool has none. */
interface ToolExtension {
  description?: string;
  inputSchema?: Readonly<Record<string, unknown>>;
  metadata?: Readonly<Record<string, unknown>>;
}

/** A tool call about to run: the subject of a `hooks/intercept` request. */
interface ToolBeforeEvent extends EventMeta {
  type: "tool.before";
  tool: { callId: string; name: string; kind: "other"; input: ToolInput };
  /** The tool extension is left out when the tool has nothing to describe. */
  extensions: { [EXTENSION_NAMESPACE]: { reviewed: boolean }; [TOOL_EXTENSION_NAMESPACE]?: ToolExtension };
}

/** A tool that ran and returned. */
interface ToolAfterEvent extends EventMeta {
  type: "tool.after";
  tool: { callId: string; name: string; kind: "other"; input: ToolInput; output: string };
}

/** How one call of a batch ended, in the protocol's terms. */
interface BatchCall {
  call: { id: string };
  tool: { name: string; input: unknown; origin: "native" };
  outcome: "ok" | "error";
  execution: { status: "executed" } | { status: "skipped"; reason: "policy" | "supplied_result" };
}

/** Every call of a batch, once the batch is answered. */
interface ToolBatchAfterEvent extends EventMeta {
  type: "tool.batch.after";
  batch: { id: string };
  calls: BatchCall[];
  extensions: { [EXTENSION_NAMESPACE]: { decisions: Array<{ toolCallId: string; decision: string; output: string }> } };
}

/** A `hooks/intercept` request; its id is the event's id, as the protocol requires. */
export interface InterceptRequest {
  jsonrpc: "2.0";
  id: string;
  method: typeof INTERCEPT_METHOD;
  params: { protocolVersion: typeof PROTOCOL_VERSION; event: ToolBeforeEvent; capabilities: typeof TOOL_BEFORE_CAPABILITIES };
}

/** A `hooks/observe` notification (no id: it is never answered). */
export interface ObserveNotification {
  jsonrpc: "2.0";
  method: typeof OBSERVE_METHOD;
  params: { protocolVersion: typeof PROTOCOL_VERSION; event: ToolAfterEvent | ToolBatchAfterEvent };
}

/** Fresh envelope fields for one event. */
export function eventMeta(source: string, threadId: string | undefined, fallbackSessionId: string, now: Date = new Date()): EventMeta {
  return {
    id: `evt_${randomUUID()}`,
    source,
    time: now.toISOString(),
    session: threadId === undefined || threadId === "" ? { id: fallbackSessionId, synthesized: true } : { id: threadId },
  };
}

function toolExtension(facts: ToolFacts): ToolExtension | undefined {
  const { toolDescription, toolSchema, toolMetadata } = facts;
  if (toolDescription === undefined && toolSchema === undefined && toolMetadata === undefined) return undefined;
  return {
    ...(toolDescription === undefined ? {} : { description: toolDescription }),
    ...(toolSchema === undefined ? {} : { inputSchema: toolSchema }),
    ...(toolMetadata === undefined ? {} : { metadata: toolMetadata }),
  };
}

/**
 * The `tool.before` event of one call. `kind` is `other`: the library cannot know what a tool
 * does; what it can tell (description, input schema, metadata) rides in the tool extension.
 */
export function toolBeforeEvent(
  meta: EventMeta,
  call: { toolName: string; toolInput: ToolInput; toolCallId: string; reviewed: boolean } & ToolFacts,
): ToolBeforeEvent {
  const tool = toolExtension(call);
  return {
    ...meta,
    type: "tool.before",
    tool: { callId: call.toolCallId, name: call.toolName, kind: "other", input: call.toolInput },
    extensions: { [EXTENSION_NAMESPACE]: { reviewed: call.reviewed }, ...(tool === undefined ? {} : { [TOOL_EXTENSION_NAMESPACE]: tool }) },
  };
}

/** The `tool.after` event of a call that ran and returned. */
export function toolAfterEvent(
  meta: EventMeta,
  call: { toolName: string; toolInput: ToolInput; toolCallId: string; toolOutput: string },
): ToolAfterEvent {
  return { ...meta, type: "tool.after", tool: { callId: call.toolCallId, name: call.toolName, kind: "other", input: call.toolInput, output: call.toolOutput } };
}

const EXECUTED: ReadonlySet<string> = new Set(["allow", "approve", "edit"]);
const REFUSED: ReadonlySet<string> = new Set(["deny", "reject"]);

function batchCall(entry: ToolBatchEntry): BatchCall {
  const execution: BatchCall["execution"] = EXECUTED.has(entry.decision)
    ? { status: "executed" }
    : { status: "skipped", reason: REFUSED.has(entry.decision) ? "policy" : "supplied_result" };
  return {
    call: { id: entry.toolCallId },
    tool: { name: entry.toolName, input: entry.input, origin: "native" },
    outcome: entry.status === "success" ? "ok" : "error",
    execution,
  };
}

/** The `tool.batch.after` event of an answered batch; our decisions and outputs ride in the extension. */
export function toolBatchAfterEvent(meta: EventMeta, entries: readonly ToolBatchEntry[]): ToolBatchAfterEvent {
  return {
    ...meta,
    type: "tool.batch.after",
    batch: { id: meta.id },
    calls: entries.map(batchCall),
    extensions: {
      [EXTENSION_NAMESPACE]: { decisions: entries.map((entry) => ({ toolCallId: entry.toolCallId, decision: entry.decision, output: entry.output })) },
    },
  };
}

/** The `hooks/intercept` request for a `tool.before` event. */
export function interceptRequest(event: ToolBeforeEvent): InterceptRequest {
  return { jsonrpc: "2.0", id: event.id, method: INTERCEPT_METHOD, params: { protocolVersion: PROTOCOL_VERSION, event, capabilities: TOOL_BEFORE_CAPABILITIES } };
}

/** The `hooks/observe` notification for an observed event. */
export function observeNotification(event: ToolAfterEvent | ToolBatchAfterEvent): ObserveNotification {
  return { jsonrpc: "2.0", method: OBSERVE_METHOD, params: { protocolVersion: PROTOCOL_VERSION, event } };
}
