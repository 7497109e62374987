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
 * Where `value` holds the first object shaped like a record a checkpoint read may revive
 * instead of returning as written (depth first, in key order), or `undefined` when it holds
 * none. Cheap and conservative: whether the read really changes it is for a round trip through
 * the checkpointer's own serializer to tell.
 *
 * @param value - JSON data, e.g. a call's arguments.
 * @param root - How the path starts.
 * @returns A path such as `args.items[1]`, or `undefined`.
 * @example
 * ```ts
 * revivableRecordPath({ items: ["a", { lc: 2, type: "undefined" }] }); // "args.items[1]"
 * revivableRecordPath({ lc: 1, type: "secret", id: ["KEY"] }); // undefined (read back as written)
 * ```
 */
export function revivableRecordPath(value: unknown, root = "args"): string | undefined {
  const steps = stepsTo(value);
  return steps?.reduceRight<string>((path, step) => (typeof step === "number" ? `${path}[${step}]` : `${path}.${step}`), root);
}
