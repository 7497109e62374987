import type { ToolCall } from "@langchain/core/messages/tool";

/**
 * The calls a model turn is expected to send to the tools node, looked up in constant time: a
 * call is expected when it is one of them (the same object) or carries the id of one of them.
 * Every call of a turn asks this as it arrives, so a scan per question made a 50-call turn
 * cost thousands of comparisons for each of its calls.
 *
 * @example
 * ```ts
 * const expected = new ExpectedCalls(pendingToolCalls(state.messages));
 * expected.has(request.toolCall); // true for a call of this turn
 * expected.positionOf(request.toolCall); // its place in the model's order
 * ```
 */
export class ExpectedCalls {
  readonly #byCall = new Map<ToolCall, number>();
  readonly #byId = new Map<string, number>();
  readonly size: number;

  constructor(calls: readonly ToolCall[]) {
    this.size = calls.length;
    calls.forEach((call, index) => {
      if (!this.#byCall.has(call)) this.#byCall.set(call, index);
      if (call.id != null && !this.#byId.has(call.id)) this.#byId.set(call.id, index);
    });
  }

  /** Whether `call` is one of the expected calls, or carries the id of one. */
  has(call: ToolCall): boolean {
    return this.#byCall.has(call) || (call.id != null && this.#byId.has(call.id));
  }

  /** The first position whose call is `call` or carries its id; {@link size} for a call not expected (it goes last). */
  positionOf(call: ToolCall): number {
    const same = this.#byCall.get(call) ?? this.size;
    const sharingId = call.id == null ? this.size : (this.#byId.get(call.id) ?? this.size);
    return Math.min(same, sharingId);
  }
}
