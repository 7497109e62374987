import type { HITLGraph } from "../host/graph-types.js";
import type { HumanInterruptPayload } from "../payload/types.js";

/** One pending human interrupt, as the approvals inbox lists it. */
export interface PendingInterruptRecord<TPayload = HumanInterruptPayload> {
  threadId: string;
  interruptId: string;
  payload: TPayload;
  /** When the interrupt was first raised (ISO-8601). Re-raising it with an `error` keeps this. */
  createdAt: string;
  /** The approval's deadline (ISO-8601), when it has one. */
  expiresAt?: string;
}

/** Options of `listPendingInterrupts`. */
export interface ListPendingInterruptsOptions {
  /** Page size: 1 to 1000. */
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Only interrupts raised before this instant. */
  olderThan?: Date | string;
  /** Only approvals that include a call to this tool. */
  toolName?: string;
  /** Only this thread's interrupts. */
  threadId?: string;
}

/** A page of the inbox, oldest first. */
export interface PendingInterruptPage<TPayload = HumanInterruptPayload> {
  items: Array<PendingInterruptRecord<TPayload>>;
  /** Pass it back to read the next page; absent on the last page. */
  nextCursor?: string;
}

/** An interrupt that `expirePendingInterrupts` resolved. */
export interface ExpiredInterrupt {
  threadId: string;
  interruptId: string;
  expiresAt: string;
}

/** The row the inbox keeps per raised interrupt (one per task and position). */
export interface InboxRow {
  threadId: string;
  taskId: string;
  position: number;
  checkpointId: string;
  interruptId: string;
  payload: unknown;
  createdAt: string;
  expiresAt: string | undefined;
  toolNames: string[];
}

/** A checkpointer that keeps an approvals inbox (`createMemoryCheckpointer`, `createPostgresCheckpointer`). */
export interface ApprovalsInbox {
  /** Pending human interrupts across threads, oldest first. */
  listPendingInterrupts(options: ListPendingInterruptsOptions): Promise<PendingInterruptPage>;
  /** Resolves every approval whose deadline has passed; returns the ones it expired. */
  expirePendingInterrupts(graph: HITLGraph): Promise<ExpiredInterrupt[]>;
}

/** Whether a checkpointer keeps an approvals inbox. */
export function hasInbox(value: unknown): value is ApprovalsInbox {
  return typeof (value as Partial<ApprovalsInbox> | null)?.listPendingInterrupts === "function";
}
