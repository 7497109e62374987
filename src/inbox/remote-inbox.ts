import type { HITLGraph } from "../host/graph-types.js";
import { agentServerFailure } from "../host/agent-server-failure.js";
import { isRemoteGraph, threadsClientOf, type RemoteGraphLike, type RemoteThread } from "../host/remote-graph.js";
import { remoteHttpStatus } from "../langgraph/index.js";
import { withDigests } from "../payload/digest.js";
import { isToolApprovalInterrupt } from "../payload/guards.js";
import type { HumanInterruptPayload } from "../payload/types.js";
import { expireApproval } from "./expire-approval.js";
import { decodeCursor, encodeCursor, isAfter, type CursorPosition } from "./cursor.js";
import { resolveListOptions, type ResolvedListOptions } from "./list-options.js";
import type { ApprovalsInbox, ExpiredInterrupt, ListPendingInterruptsOptions, PendingInterruptPage, PendingInterruptRecord } from "./types.js";

/** Threads read per `threads.search` call while a page is filled. */
const SEARCH_BATCH = 100;

function belongsTo(thread: RemoteThread, graphId: string): boolean {
  const metadata = thread.metadata ?? {};
  const owners = [metadata["graph_id"], metadata["assistant_id"]].filter((owner) => typeof owner === "string");
  return owners.length === 0 || owners.includes(graphId);
}

function recordsOf(thread: RemoteThread): PendingInterruptRecord[] {
  return Object.values(thread.interrupts ?? {})
    .flat()
    .flatMap((entry) => {
      if (typeof entry.id !== "string") return [];
      const payload = withDigests(entry.value) as HumanInterruptPayload;
      const expiresAt = isToolApprovalInterrupt(payload) ? payload.expires_at : undefined;
      // The server does not say when an interrupt was raised; the thread last changed when it paused.
      return [{ threadId: thread.thread_id, interruptId: entry.id, payload, createdAt: new Date(thread.updated_at).toISOString(), ...(expiresAt === undefined ? {} : { expiresAt }) }];
    });
}

function matches(record: PendingInterruptRecord, options: ResolvedListOptions, after: CursorPosition | undefined): boolean {
  if (after !== undefined && !isAfter(record, after)) return false;
  if (options.olderThan !== undefined && record.createdAt >= options.olderThan) return false;
  if (options.toolName === undefined) return true;
  return isToolApprovalInterrupt(record.payload) && record.payload.action_requests.some((request) => request.name === options.toolName);
}

/** One page of the server's interrupted threads; none when the thread asked for cannot exist. */
async function searchInterrupted(graph: RemoteGraphLike, offset: number, threadId: string | undefined): Promise<RemoteThread[]> {
  try {
    return await threadsClientOf(graph).threads.search({
      status: "interrupted",
      limit: SEARCH_BATCH,
      offset,
      sortBy: "updated_at",
      sortOrder: "asc",
      ...(threadId === undefined ? {} : { ids: [threadId] }),
    });
  } catch (error) {
    // The server refuses a thread id that is not a UUID (400/422): no such thread is pending.
    const status = remoteHttpStatus(error);
    if (threadId !== undefined && (status === 400 || status === 422)) return [];
    throw agentServerFailure(error, "read", threadId) ?? error;
  }
}

async function listRemotePending(graph: RemoteGraphLike, options: ListPendingInterruptsOptions): Promise<PendingInterruptPage> {
  const resolved = resolveListOptions(options);
  const after = resolved.cursor === undefined ? undefined : decodeCursor(resolved.cursor);
  const items: PendingInterruptRecord[] = [];
  for (let offset = 0; items.length <= resolved.limit; offset += SEARCH_BATCH) {
    const threads = await searchInterrupted(graph, offset, resolved.threadId);
    const records = threads.filter((thread) => belongsTo(thread, graph.graphId)).flatMap(recordsOf);
    items.push(...records.filter((record) => matches(record, resolved, after)));
    if (threads.length < SEARCH_BATCH) break;
  }
  items.sort((a, b) => (isAfter(a, b) ? 1 : -1));
  const page = items.slice(0, resolved.limit);
  const last = page[page.length - 1];
  return items.length > resolved.limit && last !== undefined ? { items: page, nextCursor: encodeCursor(last) } : { items: page };
}

async function expireRemote(graph: RemoteGraphLike, now: Date): Promise<ExpiredInterrupt[]> {
  const expired: ExpiredInterrupt[] = [];
  let cursor: string | undefined;
  do {
    const page = await listRemotePending(graph, { limit: 1000, ...(cursor === undefined ? {} : { cursor }) });
    for (const item of page.items.filter((record) => record.expiresAt !== undefined && Date.parse(record.expiresAt) < now.getTime())) {
      // The server's node judges the deadline by its own clock; this host's clock only picks candidates.
      if ((await expireApproval(graph, item)) === "expired") expired.push({ threadId: item.threadId, interruptId: item.interruptId, expiresAt: item.expiresAt ?? "" });
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return expired;
}

/**
 * An approvals inbox over a graph deployed on LangGraph Agent Server, read through the SDK
 * client's thread search (`status: "interrupted"`). It needs no database of its own, and each
 * page scans the server's interrupted threads from the start, so it suits reviewer queues of
 * hundreds rather than millions. `createdAt` is when the thread last changed (when it paused).
 * `createApprovalHandler` uses it by default for a `RemoteGraph`.
 *
 * @param graph - A `RemoteGraph`.
 * @returns `{ listPendingInterrupts, expirePendingInterrupts }`; a listing throws
 * `AGENT_SERVER_FAILED` when the server could not be reached or answered an HTTP error.
 * @example
 * ```ts
 * const inbox = createRemoteInbox(new RemoteGraph({ graphId: "agent", url }));
 * const { items } = await inbox.listPendingInterrupts({ limit: 20 });
 * ```
 */
export function createRemoteInbox(graph: RemoteGraphLike): ApprovalsInbox {
  return {
    listPendingInterrupts: (options) => listRemotePending(graph, options),
    expirePendingInterrupts: (target: HITLGraph, now = new Date()) => expireRemote(isRemoteGraph(target) ? target : graph, now),
  };
}
