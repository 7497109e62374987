/**
 * Submissions `resume()` makes to a graph that runs in this same process, keyed by the random
 * `attempt` id of the resume envelope. Two facts pass between host and node here, in memory and
 * never through the resume value: the interrupt values `resume()` has just read from the
 * checkpointer (so the node does not read them a second time), and what the node did with the
 * submission (so `resume()` does not read the claims back).
 *
 * Nothing here widens what a resume value can do. The attempt id only selects among
 * submissions this process's own `resume()` opened; the node accepts the values only for the
 * exact thread, checkpoint and task they were read from — what it would have read itself. A
 * value from anywhere else (another process, a raw `Command`, a mismatch) finds nothing and the
 * node reads its checkpoint as before.
 */

/** Where a task's interrupt values were stored: the task, in the checkpoint it runs from. */
export interface StoredAt {
  threadId: string;
  /** The namespace of the checkpoint (`""` for the root graph). */
  namespace: string;
  checkpointId: string;
  taskId: string;
}

/** What the node did with a submission, as it happened in this process. */
export type SubmissionOutcome =
  /** Its decisions won the claim (`expired`: the node found the deadline passed and rejected every call). */
  | { kind: "claimed"; expired: boolean }
  /** An earlier submission's claim holds: the run was completed with those decisions. */
  | { kind: "superseded" };

interface OpenSubmission {
  read: StoredAt & { values: readonly unknown[] };
  outcome: SubmissionOutcome | undefined;
}

const open = new Map<string, OpenSubmission>();

/** The host's handle on one open submission. */
export interface LocalSubmission {
  /** What the node reported, when it ran in this process and got as far as the claim. */
  outcome(): SubmissionOutcome | undefined;
  /** Forgets the submission (always, once the run returned or failed). */
  close(): void;
}

function sameTask(a: StoredAt, b: StoredAt): boolean {
  return a.threadId === b.threadId && a.namespace === b.namespace && a.checkpointId === b.checkpointId && a.taskId === b.taskId;
}

/**
 * Opens a submission before `resume()` invokes the graph, with the interrupt values it read.
 *
 * @param attempt - The envelope's random attempt id.
 * @param read - Where the values were read from, and the task's stored interrupt values.
 * @returns A handle to read the node's report and to close the submission.
 * @example
 * ```ts
 * const submission = openLocalSubmission(meta.attempt, { threadId, namespace: "", checkpointId, taskId, values });
 * try { await graph.invoke(command, config); submission.outcome(); } finally { submission.close(); }
 * ```
 */
export function openLocalSubmission(attempt: string, read: StoredAt & { values: readonly unknown[] }): LocalSubmission {
  const entry: OpenSubmission = { read, outcome: undefined };
  open.set(attempt, entry);
  return {
    outcome: () => entry.outcome,
    close: () => {
      if (open.get(attempt) === entry) open.delete(attempt);
    },
  };
}

/**
 * The interrupt values an open submission read for exactly this task, if any.
 *
 * @param attempt - The attempt id found in the resume value (untrusted: it only selects).
 * @param at - Where the node's own task stores its interrupts.
 * @returns The values, or `undefined` when the node must read them itself.
 * @example
 * ```ts
 * const values = storedValuesOfSubmission(meta?.attempt, { threadId, namespace: "", checkpointId, taskId }) ?? (await readFromCheckpoint());
 * ```
 */
export function storedValuesOfSubmission(attempt: string | undefined, at: StoredAt): readonly unknown[] | undefined {
  const entry = attempt === undefined ? undefined : open.get(attempt);
  return entry !== undefined && sameTask(entry.read, at) ? entry.read.values : undefined;
}

/**
 * The node's report of what it did with a submission; ignored unless this process's `resume()`
 * opened it for exactly this task.
 *
 * @example
 * ```ts
 * reportSubmission(own.attempt, { threadId, namespace: "", checkpointId, taskId }, { kind: "claimed", expired: false });
 * ```
 */
export function reportSubmission(attempt: string | undefined, at: StoredAt, outcome: SubmissionOutcome): void {
  const entry = attempt === undefined ? undefined : open.get(attempt);
  if (entry !== undefined && sameTask(entry.read, at)) entry.outcome = outcome;
}
