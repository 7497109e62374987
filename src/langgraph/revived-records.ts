/**
 * Which values LangGraph's `JsonPlusSerializer` does not give back as written: it stores a plain
 * object as JSON, and its reader (`serde/jsonplus.js`, reproduced by `json-plus-reader.ts`)
 * revives objects shaped like LangChain's own records — `{ lc: 1, type: "constructor", id: [...] }`
 * is loaded as a LangChain object (an unknown `id` fails the whole read), and `{ lc: 2, type:
 * "undefined" }` or `{ lc: 2, type: "constructor", id: ["Set"], … }` becomes `undefined`, a
 * `Set`, a `Map`, an `Error`, … A model can send such an object among a call's arguments.
 */

/**
 * Whether the reader loads `record` as a LangChain object (`load()` from `@langchain/core/load`).
 *
 * @example
 * ```ts
 * isLangChainRecord({ lc: 1, type: "constructor", id: ["langchain_core", "messages", "HumanMessage"], kwargs: {} }); // true
 * ```
 */
export function isLangChainRecord(record: Record<string, unknown>): boolean {
  return record["lc"] === 1 && record["type"] === "constructor" && Array.isArray(record["id"]);
}

/** The shape {@link revivableRecordSteps} looks for, in words for a message. */
export const REVIVABLE_RECORD_SHAPE = 'an object shaped like a LangChain serialization record ("lc": 1 with "type": "constructor", or "lc": 2)';

/** How many steps a path in a message shows at most. */
const MAX_PATH_STEPS = 16;

/** Shaped like a record the reader may revive: one it loads, or any `lc: 2` (some it leaves as written). */
function mayBeRevived(record: Record<string, unknown>): boolean {
  return record["lc"] === 2 || isLangChainRecord(record);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The steps to the first such record, last step first (built only once one is found), or `undefined`. */
function stepsTo(value: unknown): Array<string | number> | undefined {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = stepsTo(value[index]);
      if (found !== undefined) return (found.push(index), found);
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (mayBeRevived(value)) return [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = stepsTo(value[key]);
    if (found !== undefined) return (found.push(key), found);
  }
  return undefined;
}

/**
 * The steps to the first object in `value` shaped like a record a checkpoint read may revive
 * instead of returning as written (depth first, in key order), or `undefined` when it holds
 * none. Cheap and conservative: whether the read really changes it is for a round trip through
 * the checkpointer's own serializer to tell.
 *
 * @param value - JSON data, e.g. a call's arguments or a resume value.
 * @returns The keys and indexes from `value` down to the record (`[]` for `value` itself), or `undefined`.
 * @example
 * ```ts
 * revivableRecordSteps({ items: ["a", { lc: 2, type: "undefined" }] }); // ["items", 1]
 * revivableRecordSteps({ lc: 1, type: "secret", id: ["KEY"] }); // undefined (read back as written)
 * ```
 */
export function revivableRecordSteps(value: unknown): Array<string | number> | undefined {
  return stepsTo(value)?.reverse();
}

/**
 * {@link revivableRecordSteps} as a path for a message.
 *
 * @param value - JSON data.
 * @param root - How the path starts.
 * @returns A path such as `args.items[1]`, or `undefined`.
 * @example
 * ```ts
 * revivableRecordPath({ items: ["a", { lc: 2, type: "undefined" }] }); // "args.items[1]"
 * // A path of more than 16 steps shows its first and last 8: "args.a.a.a.a.a.a.a.a…(84 more)….a.a.a.a.a.a.a.a"
 * ```
 */
export function revivableRecordPath(value: unknown, root = "args"): string | undefined {
  const steps = revivableRecordSteps(value);
  if (steps === undefined) return undefined;
  const join = (from: string, part: ReadonlyArray<string | number>): string => part.reduce<string>((path, step) => (typeof step === "number" ? `${path}[${step}]` : `${path}.${step}`), from);
  // A message names the place, not a model's whole nesting: the ends of a long path, and how much lies between.
  if (steps.length <= MAX_PATH_STEPS) return join(root, steps);
  const half = MAX_PATH_STEPS / 2;
  return `${join(root, steps.slice(0, half))}…(${steps.length - MAX_PATH_STEPS} more)…${join("", steps.slice(-half))}`;
}
