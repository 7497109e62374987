// Which statements LangGraph's stock PostgresSaver sends to load one checkpoint: `getTuple` sends
// its SELECT followed by one of two fixed WHERE clauses (the head of a namespace, or one
// checkpoint by id). Every run loads a checkpoint this way, so they are worth preparing; `list`
// is not (it inlines its LIMIT: one text per limit). tests/langgraph/postgres-tables.pg.test.ts
// checks these clauses against the installed saver.

/** The stock `getTuple`'s WHERE clauses, as it appends them to its SELECT. */
const TUPLE_READ_ENDINGS = [
  "WHERE thread_id = $1 AND checkpoint_ns = $2 ORDER BY checkpoint_id DESC LIMIT 1",
  "WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3",
] as const;

/**
 * Whether `text` is one of the statements the stock saver's `getTuple` sends to load a
 * checkpoint (the head of a namespace, or one checkpoint by id): a fixed text per schema, sent on
 * every run. A text this does not recognise — another read, or a future saver's new wording — is
 * simply not one of them.
 *
 * @param text - A statement's SQL, as LangGraph's saver handed it to the pool.
 * @returns `true` for the two texts `getTuple` sends.
 * @example
 * ```ts
 * if (isStockTupleRead(text)) query.name = statementName(text);
 * ```
 */
export function isStockTupleRead(text: string): boolean {
  return text.startsWith("select") && TUPLE_READ_ENDINGS.some((ending) => text.endsWith(ending));
}
