import { HITLError } from "../errors/hitl-error.js";
import { compileMatcher, type CompiledMatcher } from "./matcher.js";
import { DEFAULT_HOOK_TIMEOUT_MS, DEFAULT_OBSERVER_TIMEOUT_MS, resolveTimeoutMs } from "./time-bound.js";
import type { HookCallback, HookEvent, HookRegistration } from "./types.js";

/** Every event a hook can be registered for. */
const HOOK_EVENTS: readonly HookEvent[] = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "PermissionDenied"];

/** A hook ready to run: its callback and the bound it runs under. */
export interface BoundHook<E extends HookEvent> {
  callback: HookCallback<E>;
  timeoutMs: number;
}

interface CompiledRegistration {
  matches: CompiledMatcher;
  hooks: Array<HookCallback<HookEvent>>;
  timeoutMs: number;
}

/** Observers whose answer nothing waits on: the batch only waits for them to be delivered. */
export const FIRE_AND_WAIT_EVENTS: ReadonlySet<HookEvent> = new Set(["PostToolBatch", "PermissionDenied"]);

function defaultTimeoutMs(event: HookEvent): number {
  return FIRE_AND_WAIT_EVENTS.has(event) ? DEFAULT_OBSERVER_TIMEOUT_MS : DEFAULT_HOOK_TIMEOUT_MS;
}

function invalid(message: string, path: Array<string | number>, received: unknown): HITLError {
  return new HITLError("INVALID_OPTIONS", message, { details: [{ path, message, received }] });
}

function compileRegistration(event: HookEvent, registration: unknown): CompiledRegistration {
  if (typeof registration !== "object" || registration === null) {
    throw invalid(`register("${event}", …) needs a registration object with \`hooks\``, [], registration);
  }
  const { matcher, hooks, timeoutMs, ...rest } = registration as HookRegistration<HookEvent>;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length > 0) {
    throw invalid(`unknown registration option(s): ${unknownKeys.join(", ")}`, [unknownKeys[0] ?? ""], rest);
  }
  if (!Array.isArray(hooks) || hooks.length === 0) {
    throw invalid("`hooks` must be a non-empty array of functions", ["hooks"], hooks);
  }
  hooks.forEach((hook, index) => {
    if (typeof hook !== "function") throw invalid(`\`hooks[${index}]\` must be a function`, ["hooks", index], hook);
  });
  return { matches: compileMatcher(matcher), hooks: [...hooks], timeoutMs: resolveTimeoutMs(timeoutMs, ["timeoutMs"], defaultTimeoutMs(event)) };
}

/**
 * Where policy code plugs in. Register hooks per event with an optional tool-name
 * matcher and a time bound; the {@link ApprovalToolNode} runs them for every tool call.
 * Every option is checked here, so a bad registration fails at start-up, not mid-run.
 *
 * Matchers: omitted or `"*"` matches every tool; a string of letters, digits, `_`, `-` and
 * `|` lists exact tool names (`"write_file|delete_file"`); any other string, or a `RegExp`,
 * is a regular expression (patterns that could backtrack catastrophically are refused).
 *
 * @example
 * ```ts
 * const hooks = new HookRegistry().register("PreToolUse", {
 *   matcher: "delete_file",
 *   hooks: [({ toolInput }) => ({ decision: "ask", reason: `Delete ${typeof toolInput === "string" ? toolInput : String(toolInput["path"])}?` })],
 *   timeoutMs: 5_000,
 * });
 * ```
 */
export class HookRegistry {
  readonly #registrations = new Map<HookEvent, CompiledRegistration[]>();
  /** Matching runs for every call of every batch; its answer only changes when a hook is registered. */
  readonly #matches = new Map<string, Array<BoundHook<HookEvent>>>();

  /**
   * Adds hooks for one event. Hooks of an event run in registration order.
   *
   * @param event - The event, e.g. `"PreToolUse"`.
   * @param registration - `{ matcher?, hooks, timeoutMs? }`.
   * @returns This registry, for chaining.
   * @throws {HITLError} `INVALID_OPTIONS` for an unknown event, a non-function hook, an
   * invalid or hostile matcher, or a `timeoutMs` that is negative, not finite or above 2 147 483 647.
   */
  register<E extends HookEvent>(event: E, registration: HookRegistration<E>): this {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      throw invalid(`unknown hook event "${String(event)}"; expected one of ${HOOK_EVENTS.join(", ")}`, ["event"], event);
    }
    const compiled = compileRegistration(event, registration);
    const list = this.#registrations.get(event) ?? [];
    list.push(compiled);
    this.#registrations.set(event, list);
    this.#matches.clear();
    return this;
  }

  /** Whether any hook is registered for `event`. */
  has(event: HookEvent): boolean {
    return (this.#registrations.get(event)?.length ?? 0) > 0;
  }

  /**
   * The hooks of `event` that apply to `toolName` (or, given several names, to any of them),
   * in registration order.
   *
   * @example
   * ```ts
   * registry.hooksFor("PreToolUse", "delete_file").length; // 1
   * ```
   */
  hooksFor<E extends HookEvent>(event: E, toolName: string | readonly string[]): Array<BoundHook<E>> {
    const registrations = this.#registrations.get(event);
    if (registrations === undefined) return [];
    const names = typeof toolName === "string" ? [toolName] : toolName;
    const key = `${event}\u0000${names.join("\u0000")}`;
    let found = this.#matches.get(key);
    if (found === undefined) {
      found = registrations
        .filter((registration) => names.some((name) => registration.matches(name)))
        .flatMap((registration) => registration.hooks.map((callback) => ({ callback, timeoutMs: registration.timeoutMs })));
      // Tool names come from the node's own tools, so the cache stays small; cap it anyway.
      if (this.#matches.size < 10_000) this.#matches.set(key, found);
    }
    return found as unknown as Array<BoundHook<E>>;
  }

  /**
   * Attaches a hook written with {@link createHook}: it compiles to ordinary registrations
   * (`onToolCall` → `PreToolUse`, `onToolResult` → `PostToolUse`, `onToolError` →
   * `PostToolUseFailure`), so both faces share one mechanism.
   *
   * @returns This registry, for chaining.
   * @example
   * ```ts
   * registry.use(createHook({ onToolCall: ({ toolName, tool }) => (toolName === "rm" ? tool.skip("not here") : tool.run()) }));
   * ```
   */
  use(hook: CompiledHook): this {
    for (const registration of hook.registrations) this.register(registration.event, registration.registration as unknown as HookRegistration<HookEvent>);
    return this;
  }
}

/** A hook ready to attach with {@link HookRegistry.use}: the registrations it compiles to. */
export interface CompiledHook {
  readonly registrations: ReadonlyArray<{ event: HookEvent; registration: HookRegistration<never> }>;
}
