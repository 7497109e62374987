import type { HookErrorContext, HookErrorHandler } from "./types.js";

/** The default `onHookError`: a warning on the console. */
export const warnHookError: HookErrorHandler = (error, context) => {
  const where = context.toolName === undefined ? context.event : `${context.event} (${context.toolName} ${context.toolCallId ?? ""})`;
  console.warn(`[langgraph-hitl] ${context.shadow === true ? "shadow hook (changed nothing)" : "hook"} failed in ${where}:`, error instanceof Error ? error.message : error);
};

/** Hands a hook failure to the host's handler; a handler that throws is ignored, never fatal. */
export function reportHookError(handler: HookErrorHandler, error: unknown, context: HookErrorContext): void {
  try {
    handler(error, context);
  } catch {
    // The report lane must never change an outcome or break the run.
  }
}
