import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { ToolApprovalDecision } from "../payload/types.js";

/** Identifies one paused batch: the task that raised it, in the checkpoint it runs from. */
export interface ClaimKey {
  threadId: string;
  /** The task's checkpoint namespace (`tools:<task id>`, nested for subgraphs). */
  namespace: string;
  /** The checkpoint the task runs from. */
  checkpointId: string;
  /** The root-graph task it runs under: what `resume()` knows the interrupt by. */
  rootTaskId: string;
}

/** The decisions a claim commits to, as the node validated them. Stored as JSON. */
export interface ClaimedReview {
  /** Validated decisions by `tool_call_id`. */
  decisions: Record<string, ToolApprovalDecision>;
  decidedAt: string;
  reviewer?: Reviewer;
  /** Whether the reviewer came with a valid signature (see the README's trust model). */
  reviewerVerified: boolean;
  comment?: string;
  /** The node found the approval past its deadline when it claimed: every call is rejected as expired. */
  expired: boolean;
}

/** A committed claim, as read back. */
export interface ClaimRecord {
  /** Which submission won (the `attempt` of the resume value, or a random id). */
  attempt: string;
  /** Which execution runs the batch now (changes when a takeover happens). */
  owner: string;
  review: ClaimedReview;
  /** `released`: its run failed or paused again; anyone may take it over at once. */
  state: "running" | "released";
  /** Its lease ran out: its owner stopped renewing it (most likely it died). */
  leaseExpired: boolean;
}

/** What one call of a claimed batch produced. */
export type CallResult = ToolMessage | Command;

/**
 * Durable claims on paused batches, so that one resumer's decisions — the first committed —
 * are the only ones that ever run, and each call of the batch runs once. Implemented in
 * memory (one process) and in Postgres (every replica). Times are the store's own clock.
 */
export interface ClaimStore {
  /** How long a claim stays live without renewal. */
  readonly leaseMs: number;
  /** How long a resumer waits on a batch another execution is running before giving up with `THREAD_BUSY`. */
  readonly busyWaitMs: number;
  /** Commits `claim` unless one exists; returns the claim that holds afterwards. */
  acquire(key: ClaimKey, claim: { attempt: string; owner: string; review: ClaimedReview }): Promise<ClaimRecord & { won: boolean }>;
  read(key: ClaimKey): Promise<ClaimRecord | undefined>;
  /** Makes `owner` run a released or lapsed claim; `undefined` when it is live or gone. */
  takeOver(key: ClaimKey, owner: string): Promise<ClaimRecord | undefined>;
  /** Extends the lease; `false` when `owner` no longer holds the claim. */
  renew(key: ClaimKey, owner: string): Promise<boolean>;
  /** Lets anyone take the claim over at once (its run failed or paused again). */
  release(key: ClaimKey, owner: string): Promise<void>;
  /** Commits finished calls' results, only while `owner` holds the claim; `false` otherwise. */
  saveResults(key: ClaimKey, owner: string, results: ReadonlyArray<[string, CallResult]>): Promise<boolean>;
  loadResults(key: ClaimKey): Promise<Map<string, CallResult>>;
  /** The claims made under one root task of a thread (what `resume()` reads to report the outcome when its node did not run in its process). */
  claimsOfTask(threadId: string, rootTaskId: string): Promise<ClaimRecord[]>;
}

/** A checkpointer that keeps its own claims (the Postgres checkpointer does, in its database). */
export interface ClaimStoreProvider {
  readonly claimStore: ClaimStore;
}
