import type { RunnableConfig } from "@langchain/core/runnables";
import type { StreamMode } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";

/** The modes LangGraph 1.7 streams (`graph.stream(input, { streamMode })`). */
const STREAM_MODES: readonly StreamMode[] = ["values", "updates", "debug", "messages", "checkpoints", "tasks", "custom", "tools"];

/** How a streamed run is streamed: what `graph.stream` takes, and how to stop it. */
export interface StreamOptions {
  /**
   * LangGraph's stream mode(s). A single mode yields its payloads; an array yields
   * `[mode, payload]` — exactly as `graph.stream` does. Default: the graph's own default
   * (`"updates"` for a `StateGraph` and `createAgent`).
   */
  streamMode?: StreamMode | StreamMode[];
  /** Stream the chunks of subgraphs too, each with its namespace first (as `graph.stream`). Default: `false`. */
  subgraphs?: boolean;
  /** Stops the run when aborted (as leaving the `for await` early does). */
  signal?: AbortSignal;
}

function invalid(path: string, message: string, received: unknown, allowed?: readonly string[]): HITLError {
  return new HITLError("INVALID_OPTIONS", message, { details: [{ path: [path], message, received, ...(allowed === undefined ? {} : { allowed: [...allowed] }) }] });
}

function isStreamMode(value: unknown): value is StreamMode {
  return typeof value === "string" && (STREAM_MODES as readonly string[]).includes(value);
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return typeof value === "object" && value !== null && typeof (value as AbortSignal).aborted === "boolean" && typeof (value as AbortSignal).addEventListener === "function";
}

/** Keys of a run config that decide what a stream yields: they belong in the stream options. */
const STREAM_KEYS_IN_CONFIG = ["streamMode", "subgraphs", "encoding"] as const;

/**
 * Checks the stream options (and that the run config does not carry stream settings of its own).
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming the field, what was received and what is allowed.
 * @example
 * ```ts
 * checkStreamOptions({ streamMode: ["updates", "messages"] }, config);
 * ```
 */
export function checkStreamOptions(options: StreamOptions, config: RunnableConfig): void {
  const { streamMode, subgraphs, signal } = options;
  const modes = Array.isArray(streamMode) ? streamMode : streamMode === undefined ? [] : [streamMode];
  const wrong = modes.find((mode) => !isStreamMode(mode));
  if (wrong !== undefined || (Array.isArray(streamMode) && streamMode.length === 0)) {
    throw invalid("streamMode", "`streamMode` must be one of LangGraph's stream modes, or a non-empty array of them", wrong ?? streamMode, STREAM_MODES);
  }
  if (subgraphs !== undefined && typeof subgraphs !== "boolean") throw invalid("subgraphs", "`subgraphs` must be a boolean", subgraphs);
  if (signal !== undefined && !isAbortSignal(signal)) throw invalid("signal", "`signal` must be an AbortSignal", signal);
  for (const key of STREAM_KEYS_IN_CONFIG) {
    if ((config as Record<string, unknown>)[key] !== undefined) {
      throw invalid(key, `\`${key}\` belongs in the stream options, not in the run config`, (config as Record<string, unknown>)[key]);
    }
  }
}

/**
 * The caller's signals: the stream options' and the run config's (either stops the run).
 *
 * @example
 * ```ts
 * callerSignals(options, config); // [options.signal, config.signal], without the missing ones
 * ```
 */
export function callerSignals(options: StreamOptions, config: RunnableConfig): AbortSignal[] {
  return [options.signal, config.signal].filter((signal): signal is AbortSignal => signal !== undefined);
}
