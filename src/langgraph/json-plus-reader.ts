/**
 * LangGraph's `JsonPlusSerializer`, read back without a promise per value.
 *
 * Every checkpoint, pending write and inbox row is read through the serializer's `loadsTyped`,
 * whose reviver (`@langchain/langgraph-checkpoint`'s `serde/jsonplus.js`) awaits every value of
 * the parsed JSON one by one, bottom-up — a promise and a microtask for each string and number —
 * although the only asynchronous step is `load()` of a LangChain object (`{ lc: 1, type:
 * "constructor" }`, a message). On a pause + resume cycle that is a measurable share of the run,
 * and most of the cost of an inbox page.
 *
 * {@link FastJsonPlusSerializer} writes with LangGraph's own code (it *is* a `JsonPlusSerializer`;
 * the bytes are the stock saver's, byte for byte) and reads the same values back, walking the
 * parsed JSON synchronously and awaiting only where a LangChain object is under a value. It
 * reproduces exactly the two records that are common — `{ lc: 2, type: "undefined" }` and a
 * LangChain object — and hands any other `lc: 2` record (a `Set`, `Map`, `RegExp`, `Error`,
 * `Uint8Array`, a delta snapshot, or one a later release adds) to LangGraph's own reader for the
 * whole value, so what it cannot reproduce it never guesses. tests/langgraph/json-plus-reader
 * compares both readers on every kind of value LangGraph writes.
 */
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { load } from "@langchain/core/load";
import { isLangChainRecord } from "./revived-records.js";

/** A value of the document needs LangGraph's own reader: an `lc: 2` record other than `undefined`. */
class NeedsStockReader extends Error {}

type Revived = unknown;

/**
 * A promise the walk may abandon (a sibling needs the stock reader) is marked handled, so its
 * rejection cannot surface as an unhandled one; whoever awaits it still sees it reject.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** What the stock reviver makes of an object whose values are revived already. */
function finishObject(revived: Record<string, unknown>): Revived {
  if (revived["lc"] === 2) {
    if (revived["type"] === "undefined") return undefined;
    throw new NeedsStockReader();
  }
  if (isLangChainRecord(revived)) return handled(load(JSON.stringify(revived)));
  return revived;
}

function reviveArray(values: unknown[]): Revived {
  const revived = new Array<unknown>(values.length);
  let pending = false;
  for (let index = 0; index < values.length; index += 1) {
    const value = revive(values[index]);
    if (value instanceof Promise) pending = true;
    revived[index] = value;
  }
  return pending ? handled(Promise.all(revived)) : revived;
}

/** Assigns in the stock reviver's order and with its statement (a `__proto__` key included). */
function assignAll(keys: string[], values: unknown[]): Record<string, unknown> {
  const revived: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index += 1) revived[keys[index]!] = values[index];
  return revived;
}

function reviveObject(value: Record<string, unknown>): Revived {
  const keys = Object.keys(value);
  const values = new Array<unknown>(keys.length);
  let pending = false;
  for (let index = 0; index < keys.length; index += 1) {
    const child = revive(value[keys[index]!]);
    if (child instanceof Promise) pending = true;
    values[index] = child;
  }
  if (!pending) return finishObject(assignAll(keys, values));
  return handled(Promise.all(values).then((settled) => finishObject(assignAll(keys, settled))));
}

/**
 * The stock reviver's result, synchronously where no LangChain object is under `value` (a
 * promise of it otherwise). Parsed JSON holds no promises, so a promise here is always ours.
 */
function revive(value: unknown): Revived {
  if (value === null || typeof value !== "object") return value;
  return Array.isArray(value) ? reviveArray(value) : reviveObject(value as Record<string, unknown>);
}

/**
 * A `JsonPlusSerializer` that reads without a promise per value; writes are LangGraph's own.
 *
 * @example
 * ```ts
 * const saver = new MemorySaver(new FastJsonPlusSerializer());
 * ```
 */
export class FastJsonPlusSerializer extends JsonPlusSerializer {
  override async loadsTyped(type: string, data: Uint8Array | string): Promise<any> {
    if (type !== "json") return super.loadsTyped(type, data);
    const text = typeof data === "string" ? data : new TextDecoder().decode(data);
    try {
      return await revive(JSON.parse(text));
    } catch (error) {
      if (error instanceof NeedsStockReader) return super.loadsTyped(type, text);
      throw error;
    }
  }
}
