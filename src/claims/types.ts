import type { ToolMessage } from "@langchain/core/messages";
import type { Command } from "@langchain/langgraph";
import type { GrantDraft } from "../grants/index.js";
import type { Reviewer } from "../protocol/resume-envelope.js";
import type { ToolApprovalDecision } from "../payload/types.js";

/** Identifies one paused batch: the task that raised it, in the checkpoint it runs from. */
export interface ClaimKey {
  threadId: string;
  /** The task's checkpoint namespace (`tools:<task id>`, nested for subgraphs). */
  namespace: string;
  /** The checkpoint the task runs from. */
  checkpointId: string;
}

/**
 * What the node judged one reviewed call to become, once, when it accepted the decisions: the
 * only verdict later passes (questions, retries, takeovers, other processes) apply.
 */
export type ReviewedVerdict =
  /** Runs with exactly these arguments (the reviewed ones, or the reviewer's edit). */
  | { kind: "run"; args: unknown; decision: "approve" | "edit"; createdGrantId?: string }
  | { kind: "blocked"; source: "reviewer" | "policy" | "policy_failure" | "changed_after_review"; reason?: string; decision: "reject" | "deny" }
  | { kind: "answer"; text: string };

/** The judgment a claim commits to, as the node made it. Stored as JSON. */
export interface ClaimedReview {
  /** Validated decisions by `tool_call_id`. */
  decisions: Record<string, ToolApprovalDecision>;
  /** The verdict for every reviewed call, by `tool_call_id` (applies unless `expired`). */
  verdicts: Record<string, ReviewedVerdict>;
  decidedAt: string;
  reviewer?: Reviewer;
  /** Whether the reviewer came with a valid signature (see the README's trust model). */
  reviewerVerified: boolean;
  comment?: string;
  /** The interrupt the accepted value answered. */
  interruptId: string;
  /** How many `interrupt()` calls the approval took until its value was accepted (later passes take as many). */
  raises: number;
  /** The deadline of the reviewed request, when it had one. */
  expiresAt?: string;
  /** Digest of the accepted value and its envelope (what a host compares with what it sent). */
  submissionDigest: string;
  /**
   * The standing grants the reviewer made with these decisions: committed with the claim, in
   * the same step, and only if the deadline had not passed (an expired claim makes none).
   */
  grants?: GrantDraft[];
  /**
   * Set by the store when it commits the claim: whether the deadline had passed by the store's
   * clock (the database's for Postgres, this process's in memory). Then every call is rejected as expired.
   */
  expired: boolean;
  /** When the store committed the claim, by the same clock. */
  judgedAt: string;
  /** Which clock judged the deadline. */
  clock: "database" | "process";
}

/** A judgment as the node hands it to the store: the store adds the deadline verdict by its own clock. */
export type ProposedReview = Omit<ClaimedReview, "expired" | "judgedAt" | "clock">;

/** A committed claim, as read back. */
export interface ClaimRecord {
  /** Which submission won (the `attempt` of the resume value, or a random id). */
  attempt: string;
  /** The interrupt the winning value answered. */
  interruptId: string;
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
  /**
   * Commits `claim` unless one exists, judging the deadline (`review.expiresAt`) by the store's
   * own clock in the same step; returns the claim that holds afterwards. The review's `grants`
   * are committed in that same step (one statement in Postgres) when this claim wins and has not
   * expired, and never otherwise: no judgment exists without its grants, no grant without its claim.
   */
  acquire(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }): Promise<ClaimRecord & { won: boolean }>;
  /**
   * Commits `claim` only if its deadline (`review.expiresAt`) has passed by the store's clock
   * (then it records `expired: true`); returns the claim that holds afterwards, or `undefined`
   * when the deadline has not passed and no claim exists.
   */
  acquireIfExpired(key: ClaimKey, claim: { attempt: string; owner: string; review: ProposedReview }): Promise<(ClaimRecord & { won: boolean }) | undefined>;
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
  /** The claim whose accepted value answered `interruptId` (what every host reads to report a submission's outcome). */
  claimOfInterrupt(threadId: string, interruptId: string): Promise<ClaimRecord | undefined>;
}

/** A checkpointer that keeps its own claims (the Postgres checkpointer does, in its database). */
export interface ClaimStoreProvider {
  readonly claimStore: ClaimStore;
}
