/** Resolves once `check` returns something other than `undefined` (bounded by the test's timeout). */
export async function eventually<T>(check: () => T | undefined): Promise<T> {
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The text after "Reason:" in a blocked call's ToolMessage: the part the policy layer wrote. */
export function reasonOf(content: unknown): string {
  return String(content).split("Reason:")[1] ?? "";
}
