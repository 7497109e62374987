import { ERROR, INTERRUPT, RESUME, SCHEDULED } from "@langchain/langgraph-checkpoint";

/** LangGraph's channel for a task's interrupts: its write is `[{ id, value }]`. */
export const INTERRUPT_CHANNEL: string = INTERRUPT;
/** LangGraph's channel for the resume values a task received. */
export const RESUME_CHANNEL: string = RESUME;

/** Channels whose writes say something about a task without being its result, in LangGraph's order. */
export const NON_RESULT_CHANNELS: readonly string[] = [INTERRUPT, RESUME, ERROR, SCHEDULED];
const NOT_A_RESULT = new Set<string>(NON_RESULT_CHANNELS);

/**
 * Whether a pending write on `channel` means its task finished (LangGraph keeps a finished
 * task's writes and does not run it again).
 *
 * @example
 * ```ts
 * isResultChannel("messages"); // true
 * isResultChannel("__interrupt__"); // false
 * ```
 */
export function isResultChannel(channel: string): boolean {
  return !NOT_A_RESULT.has(channel);
}
