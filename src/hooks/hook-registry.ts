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

/** A `PreToolUse` hook registered in shadow, with the name its verdicts are recorded under. */
export interface ShadowHook extends BoundHook<"PreToolUse"> {
  name: string;
}

interface CompiledRegistration {
  matches: CompiledMatcher;
  hooks: Array<HookCallback<HookEvent>>;
  timeoutMs: number;
  /** The names of a shadow registration's hooks; `undefined` for hooks in charge. */
  shadowNames: string[] | undefined;
}

/** The longest name a shadow hook may have: it is repeated in every record. */
const MAX_NAME_LENGTH = 200;

/** Observers whose answer nothing waits on: the batch only waits for them to be delivered. */
export const FIRE_AND_WAIT_EVENTS: ReadonlySet<HookEvent> = new Set(["PostToolBatch", "PermissionDenied"]);

function defaultTimeoutMs(event: HookEvent): number {
  return FIRE_AND_WAIT_EVENTS.has(event) ? DEFAULT_OBSERVER_TIMEOUT_MS : DEFAULT_HOOK_TIMEOUT_MS;
}

function invalid(message: string, path: Array<string | number>, received: unknown): HITLError {
  return new HITLError("INVALID_OPTIONS", message, { details: [{ path, message, received }] });
}

function checkShadow(event: HookEvent, shadow: unknown, name: unknown): boolean {
  if (shadow !== undefined && typeof shadow !== "boolean") throw invalid("`shadow` must be true or false", ["shadow"], shadow);
  // Observers change nothing a shadow could spare; only a decision seat can be watched without effect.
  if (shadow === true && event !== "PreToolUse") throw invalid(`\`shadow\` applies to PreToolUse hooks only, not to ${event}`, ["shadow"], shadow);
  if (name !== undefined && (typeof name !== "string" || name.length === 0 || name.length > MAX_NAME_LENGTH)) {
    throw invalid(`\`name\` must be a string of 1 to ${MAX_NAME_LENGTH} characters`, ["name"], name);
  }
  return shadow === true;
}

/** The name each hook of a shadow registration is recorded under. */
function shadowNamesOf(hooks: ReadonlyArray<HookCallback<HookEvent>>, name: string | undefined, nextIndex: () => number): string[] {
  return hooks.map((hook, index) => {
    if (name !== undefined) return hooks.length === 1 ? name : `${name}[${index}]`;
    const own = typeof hook.name === "string" ? hook.name.slice(0, MAX_NAME_LENGTH) : "";
    return own.length > 0 ? own : `shadow-${nextIndex()}`;
  });
}

function compileRegistration(event: HookEvent, registration: unknown, nextShadowIndex: () => number): CompiledRegistration {
  if (typeof registration !== "object" || registration === null) {
    throw invalid(`register("${event}", …) needs a registration object with \`hooks\``, [], registration);
  }
  const { matcher, hooks, timeoutMs, shadow, name, ...rest } = registration as HookRegistration<HookEvent>;
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
  const inShadow = checkShadow(event, shadow, name);
  // Nothing waits on a shadow hook's answer to decide, so it gets an observer's bound, not ten minutes.
  const fallback = inShadow ? DEFAULT_OBSERVER_TIMEOUT_MS : defaultTimeoutMs(event);
  return {
    matches: compileMatcher(matcher),
    hooks: [...hooks],
    timeoutMs: resolveTimeoutMs(timeoutMs, ["timeoutMs"], fallback),
    shadowNames: inShadow ? shadowNamesOf(hooks, name, nextShadowIndex) : undefined,
  };
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
 * A `PreToolUse` registration with `shadow: true` runs in shadow: its verdicts are recorded and
 * reported, never applied — to try a new policy on real traffic before switching it on.
 *
 * @example
 * ```ts
 * const hooks = new HookRegistry()
 *   .register("PreToolUse", {
 *     matcher: "delete_file",
 *     hooks: [({ toolInput }) => ({ decision: "ask", reason: `Delete ${typeof toolInput === "string" ? toolInput : String(toolInput["path"])}?` })],
 *     timeoutMs: 5_000,
 *   })
 *   // Recorded on each ToolMessage as additional_kwargs.hitl_shadow; what runs is unchanged.
 *   .register("PreToolUse", { name: "no-prod-deletes", shadow: true, hooks: [({ toolInput }) => (JSON.stringify(toolInput).includes("/prod/") ? { decision: "deny", reason: "prod" } : undefined)] });
 * ```
 */
export class HookRegistry {
  readonly #registrations = new Map<HookEvent, CompiledRegistration[]>();
  /** Matching runs for every call of every batch; its answer only changes when a hook is registered. */
  readonly #matches = new Map<string, Array<BoundHook<HookEvent>>>();
  readonly #shadowMatches = new Map<string, ShadowHook[]>();
  #shadowCount = 0;

  /**
   * Adds hooks for one event. Hooks of an event run in registration order.
   *
   * @param event - The event, e.g. `"PreToolUse"`.
   * @param registration - `{ matcher?, hooks, timeoutMs?, shadow?, name? }`.
   * @returns This registry, for chaining.
   * @throws {HITLError} `INVALID_OPTIONS` for an unknown event, a non-function hook, an
   * invalid or hostile matcher, a `timeoutMs` that is negative, not finite or above 2 147 483 647,
   * `shadow` on an event other than `PreToolUse`, or a shadow name already taken in this registry.
   */
  register<E extends HookEvent>(event: E, registration: HookRegistration<E>): this {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      throw invalid(`unknown hook event "${String(event)}"; expected one of ${HOOK_EVENTS.join(", ")}`, ["event"], event);
    }
    let count = this.#shadowCount;
    const compiled = compileRegistration(event, registration, () => (count += 1));
    this.#refuseTakenNames(compiled.shadowNames ?? []);
    this.#shadowCount = count;
    const list = this.#registrations.get(event) ?? [];
    list.push(compiled);
    this.#registrations.set(event, list);
    this.#matches.clear();
    this.#shadowMatches.clear();
    return this;
  }

  /** Two shadow hooks under one name could not be told apart in a record. */
  #refuseTakenNames(names: readonly string[]): void {
    const taken = new Set((this.#registrations.get("PreToolUse") ?? []).flatMap((registration) => registration.shadowNames ?? []));
    for (const name of names) {
      if (taken.has(name)) throw invalid(`a shadow hook named "${name}" is already registered; give each one its own \`name\``, ["name"], name);
      taken.add(name);
    }
  }

  /** Whether any hook in charge is registered for `event` (shadow hooks decide nothing, so they do not count). */
  has(event: HookEvent): boolean {
    return (this.#registrations.get(event) ?? []).some((registration) => registration.shadowNames === undefined);
  }

  /**
   * The hooks of `event` in charge that apply to `toolName` (or, given several names, to any of
   * them), in registration order. Shadow hooks are listed by {@link shadowHooksFor}.
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
        .filter((registration) => registration.shadowNames === undefined && names.some((name) => registration.matches(name)))
        .flatMap((registration) => registration.hooks.map((callback) => ({ callback, timeoutMs: registration.timeoutMs })));
      // Tool names come from the node's own tools, so the cache stays small; cap it anyway.
      if (this.#matches.size < 10_000) this.#matches.set(key, found);
    }
    return found as unknown as Array<BoundHook<E>>;
  }

  /**
   * The `PreToolUse` hooks registered in shadow that apply to `toolName`, in registration order,
   * each with the name its verdicts are recorded under.
   *
   * @example
   * ```ts
   * registry.shadowHooksFor("delete_file").map((hook) => hook.name); // ["no-prod-deletes"]
   * ```
   */
  shadowHooksFor(toolName: string): ShadowHook[] {
    let found = this.#shadowMatches.get(toolName);
    if (found === undefined) {
      found = (this.#registrations.get("PreToolUse") ?? [])
        .filter((registration) => registration.shadowNames !== undefined && registration.matches(toolName))
        .flatMap((registration) =>
          registration.hooks.map((callback, index) => ({
            callback: callback as ShadowHook["callback"],
            timeoutMs: registration.timeoutMs,
            name: registration.shadowNames?.[index] ?? "",
          })),
        );
      if (this.#shadowMatches.size < 10_000) this.#shadowMatches.set(toolName, found);
    }
    return found;
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
