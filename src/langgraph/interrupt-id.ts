import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { interrupt, isGraphInterrupt } from "@langchain/langgraph";

// LangGraph keeps a running task's interrupt bookkeeping here; it has no public accessor.
const SCRATCHPAD_KEY = "__pregel_scratchpad";
const CHECKPOINTER_KEY = "__pregel_checkpointer";
const NAMESPACE_KEY = "checkpoint_ns";

/** The part of a task's scratchpad `interrupt()` reads and counts with. */
interface InterruptScratchpad {
  interruptCounter: number;
  resume: unknown[];
  nullResume: unknown;
  consumeNullResume: () => unknown;
}

/**
 * The id LangGraph gives the interrupt a task raises in `namespace` after `answered` of its
 * interrupts were answered: `XXH3(namespace)` for the first, `XXH3(`${namespace}|${answered}`)`
 * after. LangGraph does not export its hash, so its own `interrupt()` computes the id, in a
 * task context made for the purpose that pauses nothing.
 *
 * @param namespace - The task's checkpoint namespace (`tools:<task id>`, `parent:<id>|tools:<id>` in a subgraph).
 * @param answered - How many of the task's interrupts had been answered when it raised this one (0 for the first).
 * @returns The 32-hex-digit interrupt id.
 * @example
 * ```ts
 * interruptIdFor(`tools:${taskId}`, 0) === pending.interruptId; // the first raise of the task
 * ```
 */
export function interruptIdFor(namespace: string, answered: number): string {
  const scratchpad: InterruptScratchpad = {
    interruptCounter: answered - 1,
    resume: new Array<unknown>(answered).fill(undefined),
    nullResume: undefined,
    consumeNullResume: () => undefined,
  };
  const config = { configurable: { [NAMESPACE_KEY]: namespace, [CHECKPOINTER_KEY]: true, [SCRATCHPAD_KEY]: scratchpad } };
  try {
    AsyncLocalStorageProviderSingleton.runWithConfig(config, () => interrupt(null));
  } catch (error) {
    const id = isGraphInterrupt(error) ? error.interrupts[0]?.id : undefined;
    if (id !== undefined) return id;
    throw error;
  }
  throw new Error("LangGraph's interrupt() did not raise outside a resumed task");
}

/**
 * `interrupt(payload)`, and the id of the interrupt whose answer it returned: the n-th
 * `interrupt()` call of a task returns the answer to the interrupt the task raised n-th. On
 * the first pass this throws LangGraph's `GraphInterrupt`, which must propagate untouched.
 *
 * @param payload - What to pause with.
 * @returns The resume value, and the id it answers (`undefined` outside a checkpointed task).
 * @example
 * ```ts
 * const { value, interruptId } = interruptWithId({ type: "ask_user_question", question });
 * ```
 */
export function interruptWithId(payload: unknown): { value: unknown; interruptId: string | undefined } {
  const value: unknown = interrupt(payload);
  const configurable = (AsyncLocalStorageProviderSingleton.getRunnableConfig()?.configurable ?? {}) as Record<string, unknown>;
  const scratchpad = configurable[SCRATCHPAD_KEY] as Partial<InterruptScratchpad> | undefined;
  const namespace = configurable[NAMESPACE_KEY];
  const index = scratchpad?.interruptCounter;
  const interruptId = typeof namespace === "string" && typeof index === "number" ? interruptIdFor(namespace, index) : undefined;
  return { value, interruptId };
}
