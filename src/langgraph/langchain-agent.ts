/**
 * What `approvalMiddleware` assumes about LangChain's `createAgent` (langchain 1.5) beyond its
 * public middleware API, in one place, checked by tests/langgraph/langchain-agent.test.ts. This
 * file loads nothing from `langchain` (the root entry never does).
 */
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";

/**
 * The prefix of the tools `toolStrategy` binds for structured output when the schema has no
 * title (`responses.ts`: `extract-${n}`); `createAgent` routes such calls to the end, never to
 * its tools node, by this same test (`ReactAgent.ts`).
 */
const STRUCTURED_OUTPUT_PREFIX = "extract-";

/**
 * Whether a tool call is `createAgent`'s own structured-output call rather than a tool to run.
 *
 * @example
 * ```ts
 * isStructuredOutputCall({ name: "extract-1" }); // true
 * ```
 */
export function isStructuredOutputCall(call: { name: string }): boolean {
  return call.name.startsWith(STRUCTURED_OUTPUT_PREFIX);
}

/** The part of LangChain's `ToolCallRequest` the tools task is read from. */
interface ToolCallRuntime {
  runtime: { configurable?: Record<string, unknown>; signal?: AbortSignal };
}

/** The running tools task, as `approvalMiddleware` sees it from `wrapToolCall`. */
interface ToolsTask {
  /** The task's config: LangChain hands `wrapToolCall` only part of it, the rest is the running config. */
  config: LangGraphRunnableConfig;
  /**
   * What every call of this task shares and no call of another task has: LangChain's agent
   * `ToolNode` runs all calls of one task with the config it was given (`runTool(call, config)`),
   * so its `configurable` object is the same for each of them.
   */
  key: object;
}

/**
 * The tools task a `wrapToolCall` request runs in.
 *
 * @example
 * ```ts
 * const { config, key } = toolsTaskOf(request);
 * ```
 */
export function toolsTaskOf(request: ToolCallRuntime): ToolsTask {
  const current = AsyncLocalStorageProviderSingleton.getRunnableConfig() as LangGraphRunnableConfig | undefined;
  const config =
    current?.configurable !== undefined
      ? current
      : { configurable: request.runtime.configurable ?? {}, ...(request.runtime.signal === undefined ? {} : { signal: request.runtime.signal }) };
  return { config, key: (config.configurable ?? request) as object };
}

/**
 * What `createAgent`'s tools node answers a tool that threw with, when no middleware is in
 * the way (`ToolNode.ts`, `defaultHandleToolErrors`): a `ToolInvocationError`'s own message
 * (bad input), else the error and a request to fix it.
 *
 * @param error - What the tool threw.
 * @param invocationError - Whether it is LangChain's `ToolInvocationError`.
 * @example
 * ```ts
 * toolErrorContent(new Error("boom"), false); // "Error: boom\n Please fix your mistakes."
 * ```
 */
export function toolErrorContent(error: unknown, invocationError: boolean): string {
  return invocationError ? String((error as Error).message) : `${String(error)}\n Please fix your mistakes.`;
}
