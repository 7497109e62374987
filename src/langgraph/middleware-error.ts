// LangChain's agent wraps what a middleware throws in a `MiddlewareError` (langchain,
// agents/errors.ts): the original's name and message, the original as `cause`, and the brand
// `"~brand": "MiddlewareError"` its own `MiddlewareError.isInstance` reads. The root entry cannot
// import `langchain` (an optional peer dependency), so the brand is read here;
// tests/langgraph/middleware-error.test.ts fails if a release brands or wraps it otherwise.
const BRAND_KEY = "~brand";
const MIDDLEWARE_ERROR_BRAND = "MiddlewareError";

/**
 * Whether `error` is LangChain's `MiddlewareError` (from any copy of `langchain`).
 *
 * @example
 * ```ts
 * isMiddlewareError(MiddlewareError.wrap(new Error("x"), "mine")); // true
 * ```
 */
export function isMiddlewareError(error: unknown): boolean {
  return error instanceof Error && (error as unknown as Record<string, unknown>)[BRAND_KEY] === MIDDLEWARE_ERROR_BRAND;
}

/**
 * The error a middleware threw, from under the `MiddlewareError`s LangChain wrapped it in.
 *
 * @param error - What an agent's `invoke` rejected with.
 * @returns The innermost wrapped error, or `error` itself when it is no `MiddlewareError`.
 * @example
 * ```ts
 * const thrown = insideMiddlewareErrors(await agent.invoke(input, config).catch((e) => e));
 * ```
 */
export function insideMiddlewareErrors(error: unknown): unknown {
  let current = error;
  while (isMiddlewareError(current) && (current as { cause?: unknown }).cause !== undefined) current = (current as { cause?: unknown }).cause;
  return current;
}
