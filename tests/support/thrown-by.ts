/**
 * What `run` throws, or `undefined` when it returns: for asserting on an error's fields
 * (`code`, `details`) rather than only its message.
 *
 * @example
 * ```ts
 * const error = thrownBy(() => approvalMiddleware({ handleToolErrors: false } as never));
 * expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
 * ```
 */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (caught) {
    return caught;
  }
  return undefined;
}
