import { HITLError } from "../errors/hitl-error.js";
import type { CallResult, ClaimKey, ClaimStore } from "./types.js";

/**
 * Commits each finished call's result before the node goes on. Calls that finish in the same
 * turn of the event loop share one commit, so a batch of instant tools costs one round trip.
 *
 * The commit starts once the turn's microtasks have drained (`process.nextTick` from inside a
 * promise reaction runs then), not in a later turn: waiting for `setImmediate` handed the event
 * loop every pending timer, I/O callback and scheduled garbage collection before the batch could
 * go on, about 5 % of an in-memory pause + resume of one call.
 */
export class ResultWriter {
  readonly #store: ClaimStore;
  readonly #key: ClaimKey;
  readonly #owner: string;
  #open: { items: Array<[string, CallResult]>; committed: Promise<void> } | undefined;

  constructor(store: ClaimStore, key: ClaimKey, owner: string) {
    this.#store = store;
    this.#key = key;
    this.#owner = owner;
  }

  /** Resolves once the result is committed; rejects when this execution no longer holds the claim. */
  record(toolCallId: string, result: CallResult): Promise<void> {
    if (this.#open === undefined) {
      const items: Array<[string, CallResult]> = [];
      const committed = new Promise<void>((resolve) => process.nextTick(resolve)).then(async () => {
        this.#open = undefined;
        if (!(await this.#store.saveResults(this.#key, this.#owner, items))) throw lostClaim(this.#key);
      });
      this.#open = { items, committed };
    }
    this.#open.items.push([toolCallId, result]);
    return this.#open.committed;
  }
}

function lostClaim(key: ClaimKey): HITLError {
  return new HITLError(
    "INTERRUPT_ALREADY_RESOLVED",
    "Another execution took this batch over while its tools ran (this one could not renew its claim in time); its result was not recorded.",
    { threadId: key.threadId },
  );
}
