import { HITLError } from "../errors/hitl-error.js";
import type { CallResult, ClaimKey, ClaimStore } from "./types.js";

/**
 * Commits each finished call's result before the node goes on. Calls that finish in the same
 * turn of the event loop share one commit, so a batch of instant tools costs one round trip.
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
      const committed = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
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
