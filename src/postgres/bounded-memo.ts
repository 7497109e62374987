/**
 * The results of a pure derivation, kept for at most `limit` keys (the oldest goes first): for
 * values derived the same way every time that cost more to derive than to look up — a statement's
 * text per schema, a prepared statement's name per text. Handing back the value kept, not a new
 * equal one, matters for strings: a string keeps its hash once computed, so looking a kept text
 * up again is a pointer comparison, where a text rebuilt on every call is hashed whole each time.
 *
 * @example
 * ```ts
 * const texts = new BoundedMemo<string>(64);
 * const sql = texts.get(schema, () => buildSql(schema)); // built once per schema
 * ```
 */
export class BoundedMemo<V> {
  readonly #values = new Map<string, V>();
  readonly #limit: number;

  /**
   * @param limit - How many keys are kept; a key past it evicts the oldest.
   * @throws {RangeError} When `limit` is not a positive integer.
   */
  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The \`limit\` of a BoundedMemo must be a positive integer, but received ${String(limit)}`);
    this.#limit = limit;
  }

  /**
   * The value kept for `key`, derived by `derive` the first time (a `derive` that throws keeps nothing).
   *
   * @param key - What the value is derived from.
   * @param derive - Derives the value; called only when none is kept for `key`.
   * @returns The kept value.
   */
  get(key: string, derive: () => V): V {
    const kept = this.#values.get(key);
    // One lookup when a value is kept (`has` only for a kept `undefined`).
    if (kept !== undefined || this.#values.has(key)) return kept as V;
    const value = derive();
    if (this.#values.size >= this.#limit) this.#values.delete(this.#values.keys().next().value as string);
    this.#values.set(key, value);
    return value;
  }
}
