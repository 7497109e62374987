import type { RunnableConfig } from "@langchain/core/runnables";
import { isUnknownInterruptError } from "@langchain/langgraph";

// LangGraph reads this key of a run's `configurable` to refuse a resume that names no pending
// interrupt (loop.js `_refuseUnmatchedResume`); it has no public option. tests/langgraph/strict-resume.test.ts fails if it changes.
const STRICT_RESUME_KEY = "__pregel_strict_resume";

/**
 * The run config with LangGraph's strict resume on: a resume naming an interrupt that is not
 * pending (already answered, raised on another thread), an empty resume map, or a plain value
 * while several interrupts wait, is refused with `UnknownInterruptError` before anything is
 * written, instead of being stored and ignored.
 *
 * @example
 * ```ts
 * await graph.invoke(new Command({ resume: { [interruptId]: value } }), withStrictResume(config));
 * ```
 */
export function withStrictResume<C extends RunnableConfig>(config: C): C {
  return { ...config, configurable: { ...config.configurable, [STRICT_RESUME_KEY]: true } };
}

/** Why LangGraph refused a resume under strict resume. */
interface UnknownInterrupt {
  reason: "not_pending" | "empty_map" | "ambiguous";
  /** The ids the resume named that are not pending. */
  interruptIds: string[];
  /** The ids that were pending. */
  pendingIds: string[];
}

/**
 * What LangGraph's `UnknownInterruptError` says, when `error` is one.
 *
 * @example
 * ```ts
 * unknownInterruptOf(error)?.reason; // "not_pending"
 * ```
 */
export function unknownInterruptOf(error: unknown): UnknownInterrupt | undefined {
  if (!isUnknownInterruptError(error)) return undefined;
  const { reason, interruptIds, pendingIds } = error as unknown as UnknownInterrupt;
  return { reason, interruptIds: [...(interruptIds ?? [])], pendingIds: [...(pendingIds ?? [])] };
}
