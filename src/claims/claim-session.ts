import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import { markingUnavailable } from "../errors/database-unavailable.js";
import { isLaterCheckpoint } from "../langgraph/index.js";
import { ResultWriter } from "./result-writer.js";
import type { CallResult, ClaimedReview, ClaimKey, ClaimRecord, ClaimStore, ProposedReview } from "./types.js";

/** How often a waiting resumer looks again at a batch another execution runs. */
const POLL_MS = 200;

/** One execution's hold on a claimed batch. */
export interface ClaimSession {
  /** The decisions that apply: this resumer's own, or those of the claim it completes. */
  review: ClaimedReview;
  /** The submission whose decisions apply. */
  attempt: string;
  /** Results of calls an earlier execution of this batch finished: they do not run again. */
  finished: ReadonlyMap<string, CallResult>;
  /** Commits one call's result; resolves when it is durable. */
  record(toolCallId: string, result: CallResult): Promise<void>;
  /**
   * Ends the hold: a failed run, or one that paused again (a question of the batch awaits its
   * answer), releases the claim so the next resume can complete it at once. A finished one that
   * took the batch over (or whose lease may have lapsed) first checks that the thread has not
   * moved on meanwhile, and throws `INTERRUPT_ALREADY_RESOLVED` if it has.
   */
  end(outcome: "finished" | "failed" | "paused"): Promise<void>;
}

/** Where the claim lives and how to tell whether its thread moved on. */
export interface ClaimContext {
  store: ClaimStore;
  key: ClaimKey;
  checkpointer: BaseCheckpointSaver;
  /** The namespace of the graph the task runs in, to read its latest checkpoint. */
  parentNamespace: string;
  /** How long to wait for another execution's batch (the resuming host's `busyWaitMs`); default: the store's. */
  busyWaitMs?: number | undefined;
}

async function threadMovedOn(context: ClaimContext): Promise<boolean> {
  const latest = await markingUnavailable(context.checkpointer).getTuple({ configurable: { thread_id: context.key.threadId, checkpoint_ns: context.parentNamespace } });
  const latestId = latest?.checkpoint.id;
  return latestId !== undefined && isLaterCheckpoint(latestId, context.key.checkpointId);
}

async function hold(context: ClaimContext, claim: ClaimRecord, takenOver: boolean): Promise<ClaimSession> {
  const { store, key } = context;
  const owner = claim.owner;
  // A claim this execution just committed has no results yet: only a takeover has any to read.
  const finished = takenOver ? await store.loadResults(key) : new Map<string, CallResult>();
  const writer = new ResultWriter(store, key, owner);
  let renewedAt = Date.now();
  const heartbeat = setInterval(() => {
    void store
      .renew(key, owner)
      .then((held) => {
        if (held) renewedAt = Date.now();
      })
      .catch(() => undefined);
  }, Math.max(50, Math.floor(store.leaseMs / 3)));
  heartbeat.unref();
  return {
    review: claim.review,
    attempt: claim.attempt,
    finished,
    record: (toolCallId, result) => writer.record(toolCallId, result),
    async end(outcome) {
      clearInterval(heartbeat);
      if (outcome !== "finished") {
        await store.release(key, owner).catch(() => undefined);
        return;
      }
      // An execution that took the batch over, or whose lease may have lapsed while it ran, must
      // not complete a step the thread already left: that would fork the history.
      const atRisk = takenOver || Date.now() - renewedAt > store.leaseMs / 2;
      if (atRisk && (await threadMovedOn(context))) throw resolved(key);
    },
  };
}

function resolved(key: ClaimKey): HITLError {
  return new HITLError("INTERRUPT_ALREADY_RESOLVED", "This approval was already answered, and the run that applied the answer has moved on; nothing was run for this resume.", {
    threadId: key.threadId,
  });
}

/**
 * Holds a claim read before any judgment was made (a later pass of a batch whose judgment is
 * recorded): completes it like any other follower would.
 *
 * @throws {HITLError} `INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`.
 */
export function resumeClaim(context: ClaimContext, claim: ClaimRecord): Promise<ClaimSession> {
  return follow(context, claim);
}

/**
 * Follows a claim someone else committed: completes it when its execution stopped (released,
 * or its lease ran out), reports it resolved when the thread moved on, and gives up with
 * `THREAD_BUSY` when it is still running after the context's (or the store's) `busyWaitMs`.
 */
async function follow(context: ClaimContext, first: ClaimRecord): Promise<ClaimSession> {
  const deadline = Date.now() + (context.busyWaitMs ?? context.store.busyWaitMs);
  let current: ClaimRecord | undefined = first;
  for (;;) {
    if (current === undefined || (await threadMovedOn(context))) throw resolved(context.key);
    if (current.state === "released" || current.leaseExpired) {
      const taken = await context.store.takeOver(context.key, randomUUID());
      if (taken !== undefined) return hold(context, taken, true);
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new HITLError("THREAD_BUSY", "Another execution is applying the decisions of this approval right now; nothing was run for this resume. Try again shortly.", {
        threadId: context.key.threadId,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, remaining)));
    current = await context.store.read(context.key);
  }
}

/**
 * Claims a reviewed batch before any of its tools runs. The first committed claim wins: with
 * `own` decisions this resumer tries to commit them; whatever it sent, if another claim holds,
 * that claim's decisions are the ones that apply (or this resume ends with a typed error).
 * Without `own` (its value was unusable) it only looks for a claim to complete.
 *
 * @returns The session, or `undefined` when there is no claim and nothing of this resumer's to claim.
 * @throws {HITLError} `INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`.
 */
export async function openClaim(context: ClaimContext, own: { attempt: string; review: ProposedReview } | undefined): Promise<ClaimSession | undefined> {
  if (own === undefined) {
    const existing = await context.store.read(context.key);
    return existing === undefined ? undefined : follow(context, existing);
  }
  const claim = await context.store.acquire(context.key, { ...own, owner: randomUUID() });
  return claim.won ? hold(context, claim, false) : follow(context, claim);
}

/**
 * Claims a batch as expired, only if its deadline has passed by the store's clock (for a value
 * that does not fit, sent late: nothing of it is applied, every call is rejected as expired).
 *
 * @returns The session, or `undefined` when the deadline has not passed and no claim exists.
 * @throws {HITLError} `INTERRUPT_ALREADY_RESOLVED`, `THREAD_BUSY`.
 */
export async function openClaimIfExpired(context: ClaimContext, own: { attempt: string; review: ProposedReview }): Promise<ClaimSession | undefined> {
  const claim = await context.store.acquireIfExpired(context.key, { ...own, owner: randomUUID() });
  if (claim === undefined) return undefined;
  return claim.won ? hold(context, claim, false) : follow(context, claim);
}
