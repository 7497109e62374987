import { z } from "zod";
import { HITLError } from "../errors/hitl-error.js";
import type { HITLGraph } from "../host/graph-types.js";
import { isRemoteGraph } from "../host/remote-graph.js";
import { issueDetails } from "../errors/issue-details.js";
import { createRemoteInbox } from "../inbox/remote-inbox.js";
import { hasInbox, type ApprovalsInbox } from "../inbox/types.js";

/** How a sweeper runs (the HTTP handler's `expirySweeper` option). */
export interface ExpirySweeperSettings {
  /** How often due approvals are looked for: an approval expires at most this long after its deadline (plus its resume). Default: 10 000 ms. */
  intervalMs?: number;
  /** Most approvals one round expires (a full round is followed by another at once). Default: 100. */
  batchSize?: number;
  /** How long a leased approval is this sweeper's before another may take it (after a crash, or a failed resume). Default: 60 000 ms. */
  leaseMs?: number;
  /** Stops the sweeper, as `stop()` does. */
  signal?: AbortSignal;
}

/** Options of {@link startExpirySweeper}. */
export interface ExpirySweeperOptions extends ExpirySweeperSettings {
  /** The graph the threads run on (a compiled graph, or a `RemoteGraph`). */
  graph: HITLGraph;
  /** Where due approvals are found. Default: the graph's checkpointer; for a `RemoteGraph`, `createRemoteInbox(graph)`. */
  checkpointer?: ApprovalsInbox;
}

/** Options after validation. */
export interface ResolvedSweeperOptions {
  graph: HITLGraph;
  inbox: ApprovalsInbox;
  intervalMs: number;
  batchSize: number;
  leaseMs: number;
  signal: AbortSignal | undefined;
}

const schema = z.strictObject({
  graph: z.custom<HITLGraph>((value) => typeof (value as HITLGraph | undefined)?.invoke === "function", { message: "expected a compiled LangGraph graph or a RemoteGraph" }),
  checkpointer: z.custom<ApprovalsInbox>((value) => hasInbox(value), { message: "expected an approvals inbox (createMemoryCheckpointer / createPostgresCheckpointer)" }).optional(),
  intervalMs: z.number().int().min(50).max(3_600_000).optional(),
  batchSize: z.number().int().min(1).max(1_000).optional(),
  leaseMs: z.number().int().min(1_000).max(3_600_000).optional(),
  signal: z.custom<AbortSignal>((value) => value instanceof AbortSignal, { message: "expected an AbortSignal" }).optional(),
});

function refuse(details: Array<{ path: string[]; message: string }>): never {
  throw new HITLError("INVALID_OPTIONS", `Invalid expiry sweeper options: \`${details[0]?.path.join(".")}\`: ${details[0]?.message}`, { details });
}

function defaultInbox(graph: HITLGraph): ApprovalsInbox | undefined {
  if (hasInbox(graph.checkpointer)) return graph.checkpointer;
  return isRemoteGraph(graph) ? createRemoteInbox(graph) : undefined;
}

/**
 * Checks sweeper options at start.
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming the field.
 * @example
 * ```ts
 * resolveSweeperOptions({ graph }).intervalMs; // 10 000
 * ```
 */
export function resolveSweeperOptions(options: ExpirySweeperOptions): ResolvedSweeperOptions {
  const parsed = schema.safeParse(options);
  if (!parsed.success) refuse(issueDetails(parsed.error.issues, { message: "plain" }).map((detail) => ({ ...detail, path: (detail.path ?? []).map(String) })));
  const inbox = parsed.data.checkpointer ?? defaultInbox(options.graph);
  if (inbox === undefined) refuse([{ path: ["checkpointer"], message: "the graph's checkpointer keeps no approvals inbox; compile it with createMemoryCheckpointer() or createPostgresCheckpointer(), or pass `checkpointer`" }]);
  return {
    graph: options.graph,
    inbox,
    intervalMs: parsed.data.intervalMs ?? 10_000,
    batchSize: parsed.data.batchSize ?? 100,
    leaseMs: parsed.data.leaseMs ?? 60_000,
    signal: parsed.data.signal,
  };
}
