import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { GraphInterrupt, interrupt, isGraphInterrupt } from "@langchain/langgraph";
import { RESUME_CHANNEL } from "./channels.js";

// LangGraph keeps a running task's interrupt bookkeeping here; it has no public accessor.
const SCRATCHPAD_KEY = "__pregel_scratchpad";
const CHECKPOINTER_KEY = "__pregel_checkpointer";
const NAMESPACE_KEY = "checkpoint_ns";
// Adds a write to the running task's writes (what `interrupt()` records consumed answers with).
const SEND_KEY = "__pregel_send";

/** The part of a task's scratchpad `interrupt()` reads and counts with. */
interface InterruptScratchpad {
  interruptCounter: number;
  resume: unknown[];
  nullResume: unknown;
  consumeNullResume: () => unknown;
}

/**
 * The id LangGraph gives the interrupt a task raises in `namespace` after `answered` of its
 * interrupts were answered: `XXH3(namespace)` for the first, `XXH3(`${namespace}|${answered}`)`
 * after. LangGraph does not export its hash, so its own `interrupt()` computes the id, in a
 * task context made for the purpose that pauses nothing.
 *
 * @param namespace - The task's checkpoint namespace (`tools:<task id>`, `parent:<id>|tools:<id>` in a subgraph).
 * @param answered - How many of the task's interrupts had been answered when it raised this one (0 for the first).
 * @returns The 32-hex-digit interrupt id.
 * @example
 * ```ts
 * interruptIdFor(`tools:${taskId}`, 0) === pending.interruptId; // the first raise of the task
 * ```
 */
export function interruptIdFor(namespace: string, answered: number): string {
  const known = computedIds.get(memoKey(namespace, answered));
  if (known !== undefined) return known;
  const id = computeInterruptId(namespace, answered);
  remember(namespace, answered, id);
  return id;
}

function memoKey(namespace: string, answered: number): string {
  return `${answered}\u0000${namespace}`;
}

/** A pure function of its inputs: bounded memo, oldest entry out first. */
function remember(namespace: string, answered: number, id: string): void {
  const key = memoKey(namespace, answered);
  if (computedIds.has(key)) return;
  if (computedIds.size >= MEMO_LIMIT) computedIds.delete(computedIds.keys().next().value as string);
  computedIds.set(key, id);
}

/** How many computed ids are kept (a resumed task asks for its own ids on every pass). */
const MEMO_LIMIT = 1024;
const computedIds = new Map<string, string>();

// LangChain keeps the running config in its AsyncLocalStorage store under this key (`getRunnableConfig()` reads it).
const CHILD_CONFIG_KEY = Symbol.for("lc:child_config");

function computeInterruptId(namespace: string, answered: number): string {
  return interruptIdInBareContext(namespace, answered) ?? idInRunnableContext(namespace, answered);
}

/** A task context that pauses nothing: the scratchpad `interrupt()` counts with, after `answered` answers. */
function idContext(namespace: string, answered: number) {
  const scratchpad: InterruptScratchpad = {
    interruptCounter: answered - 1,
    resume: new Array<unknown>(answered).fill(undefined),
    nullResume: undefined,
    consumeNullResume: () => undefined,
  };
  return { configurable: { [NAMESPACE_KEY]: namespace, [CHECKPOINTER_KEY]: true, [SCRATCHPAD_KEY]: scratchpad } };
}

/** The id of the GraphInterrupt `raise` throws; rethrows anything else. The stack is not captured: it would be most of the cost. */
function raisedId(raise: () => unknown): string | undefined {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    raise();
  } catch (error) {
    if (isGraphInterrupt(error)) return error.interrupts[0]?.id;
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  return undefined;
}

/**
 * The id, computed by LangGraph's `interrupt()` under a bare AsyncLocalStorage store holding the
 * config where `getRunnableConfig()` reads it: no callback manager and no LangSmith run tree
 * (what `runWithConfig` builds costs ~5× the hash). `undefined` when LangChain no longer reads
 * the config from there (then `interrupt()` finds no task and throws its own error, caught here)
 * or runs without AsyncLocalStorage: the caller then takes the slower, public path.
 *
 * @example
 * ```ts
 * interruptIdInBareContext("tools:abc", 0) === interruptIdFor("tools:abc", 0); // contract test
 * ```
 */
export function interruptIdInBareContext(namespace: string, answered: number): string | undefined {
  const storage = AsyncLocalStorageProviderSingleton.getInstance();
  const store = { extra: { [CHILD_CONFIG_KEY]: idContext(namespace, answered) } };
  try {
    return raisedId(() => storage.run(store as never, () => interrupt(null)));
  } catch {
    return undefined;
  }
}

function idInRunnableContext(namespace: string, answered: number): string {
  const id = raisedId(() => AsyncLocalStorageProviderSingleton.runWithConfig(idContext(namespace, answered), () => interrupt(null)));
  if (id !== undefined) return id;
  throw new Error("LangGraph's interrupt() did not raise outside a resumed task");
}

/** A JSON Schema, or how to build it: built only when the `interrupt()` it is for raises. */
type ResponseSchemaSource = Record<string, unknown> | (() => Record<string, unknown>);

/**
 * Whether the task's next `interrupt()` returns an answer instead of raising — the two cases in
 * which LangGraph's `interrupt()` returns (interrupt.js): an answer at the next position of the
 * task's record of answers, or a null resume waiting to be consumed.
 */
function nextInterruptAnswers(scratchpad: Partial<InterruptScratchpad> | undefined): boolean {
  if (scratchpad === undefined || typeof scratchpad.interruptCounter !== "number" || !Array.isArray(scratchpad.resume)) return false;
  const next = scratchpad.interruptCounter + 1;
  return (scratchpad.resume.length > 0 && next < scratchpad.resume.length) || scratchpad.nullResume !== undefined;
}

/**
 * The schema to hand `interrupt()`: a built one as given; one to build only when the call will
 * raise. LangGraph reads a JSON Schema only to publish it on the interrupt it raises (it parses
 * an answer only with a zod schema), so an answered call without one returns the same answer.
 */
function schemaFor(source: ResponseSchemaSource | undefined, scratchpad: Partial<InterruptScratchpad> | undefined): Record<string, unknown> | undefined {
  if (typeof source !== "function") return source;
  return nextInterruptAnswers(scratchpad) ? undefined : source();
}

/**
 * `interrupt(payload)`, and the id of the interrupt whose answer it returned: the n-th
 * `interrupt()` call of a task returns the answer to the interrupt the task raised n-th. On
 * the first pass this throws LangGraph's `GraphInterrupt`, which must propagate untouched.
 *
 * @param payload - What to pause with.
 * @param responseSchema - The JSON Schema of the values the interrupt accepts, published as its
 * `response_schema`; or a function that builds it, called only when this call raises (a resumed
 * pass, whose call returns its answer, builds no schema).
 * @returns The resume value, the id it answers and which raise of the task that was (0 for the
 * first); both `undefined` outside a checkpointed task.
 * @example
 * ```ts
 * const { value, interruptId } = interruptWithId({ type: "ask_user_question", question }, schema);
 * ```
 */
export function interruptWithId(payload: unknown, responseSchema?: ResponseSchemaSource): { value: unknown; interruptId: string | undefined; raise: number | undefined } {
  // interrupt() counts on this very scratchpad: read before the call, it says whether the call answers; after, which raise it was.
  const { namespace, scratchpad } = runningTask();
  const schema = schemaFor(responseSchema, scratchpad);
  const answeredBefore = Array.isArray(scratchpad?.resume) ? scratchpad.resume.length : undefined;
  let value: unknown;
  try {
    // A JSON Schema (not zod) is published as is and validates nothing: the node validates every value itself.
    value = interrupt(payload, schema === undefined ? undefined : { responseSchema: schema });
  } catch (error) {
    rememberRaisedId(namespace, answeredBefore, payload, error);
    throw error;
  }
  const index = scratchpad?.interruptCounter;
  const interruptId = namespace !== undefined && typeof index === "number" ? interruptIdFor(namespace, index) : undefined;
  return { value, interruptId, raise: interruptId === undefined ? undefined : index };
}

/**
 * Which raise of the running task (0 for its first) the interrupt `interruptId` was, among the
 * raises the task holds answers for in this pass: answers kept from earlier passes, and the one
 * this pass resumes with. `undefined` when it is none of them (or outside a checkpointed task).
 *
 * @param interruptId - An interrupt id of this task, e.g. of its stored interrupt.
 * @example
 * ```ts
 * const shown = answeredRaiseOf(stored.id); // 2: the task's third raise, answered by this pass's value
 * ```
 */
export function answeredRaiseOf(interruptId: string): number | undefined {
  const { namespace, scratchpad } = runningTask();
  if (namespace === undefined || !Array.isArray(scratchpad?.resume)) return undefined;
  // A resume not yet taken is the answer to the raise after the kept ones.
  const held = scratchpad.resume.length + (scratchpad.nullResume !== undefined ? 1 : 0);
  for (let raise = 0; raise < held; raise += 1) if (interruptIdFor(namespace, raise) === interruptId) return raise;
  return undefined;
}

/**
 * Remembers the id LangGraph just gave the interrupt this task raised with `payload`: it is
 * `interruptIdFor(namespace, answeredBefore)` (LangGraph hashes the namespace and how many answers
 * the task had), so the pass that receives its answer in this process finds it instead of
 * hashing again (~50 µs of a resumed pass). Only the raise of this very payload counts; anything
 * else thrown is left alone. The caller rethrows the error untouched either way.
 */
function rememberRaisedId(namespace: string | undefined, answeredBefore: number | undefined, payload: unknown, error: unknown): void {
  if (namespace === undefined || answeredBefore === undefined || !isGraphInterrupt(error)) return;
  const [raised, ...others] = error.interrupts;
  if (others.length === 0 && raised?.value === payload && typeof raised.id === "string") remember(namespace, answeredBefore, raised.id);
}

function runningTask(): { namespace: string | undefined; scratchpad: Partial<InterruptScratchpad> | undefined; send: ((writes: Array<[string, unknown]>) => void) | undefined } {
  const configurable = (AsyncLocalStorageProviderSingleton.getRunnableConfig()?.configurable ?? {}) as Record<string, unknown>;
  const namespace = configurable[NAMESPACE_KEY];
  const send = configurable[SEND_KEY];
  return {
    namespace: typeof namespace === "string" ? namespace : undefined,
    scratchpad: configurable[SCRATCHPAD_KEY] as Partial<InterruptScratchpad> | undefined,
    send: typeof send === "function" ? (send as (writes: Array<[string, unknown]>) => void) : undefined,
  };
}

/**
 * Refuses the answer the task's last `interrupt()` returned as if it never arrived, and pauses
 * again with `payload` under the SAME interrupt id. For a value LangGraph may have failed to
 * store: when a checkpointer cannot serialise a resume value, LangGraph loses the task's record
 * of answers but keeps what the node raises next, so a raise under the next id would point past
 * answers that do not exist and the next resume, addressed to it, would match nothing. Here the
 * task's answers are recorded without the refused value, so what is stored is the same whether
 * or not the value could be written, and a resume addressed to the pending id is applied.
 *
 * @param payload - What to pause with (the same request, with an `error`).
 * @param responseSchema - Published as the interrupt's `response_schema`, as `interrupt()` publishes it.
 * @throws LangGraph's `GraphInterrupt`, always (it must propagate untouched).
 * @example
 * ```ts
 * const { value } = interruptWithId(payload);
 * if (tooDeep(value)) raiseInPlace({ ...payload, error });
 * ```
 */
export function raiseInPlace(payload: unknown, responseSchema?: Record<string, unknown>): never {
  const { namespace, scratchpad, send } = runningTask();
  const index = scratchpad?.interruptCounter;
  if (namespace === undefined || typeof index !== "number" || index < 0 || send === undefined || !Array.isArray(scratchpad?.resume)) {
    throw new Error("raiseInPlace() runs only in a LangGraph task, right after interrupt() returned an answer");
  }
  // LangGraph keeps a task's last record of answers per task: this one replaces the record holding the refused value.
  send([[RESUME_CHANNEL, scratchpad.resume.slice(0, index)]]);
  // The interrupt LangGraph's own interrupt(payload, { responseSchema }) would raise (interrupt.js).
  throw new GraphInterrupt([{ id: interruptIdFor(namespace, index), value: payload, ...(responseSchema === undefined ? {} : { response_schema: responseSchema }) }]);
}
