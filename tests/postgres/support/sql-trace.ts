import pg from "pg";

type Query = (...args: unknown[]) => unknown;

/** One statement a pg client sent: its text, and the name it was prepared under (if any). */
export interface TracedQuery {
  text: string;
  name: string | undefined;
}

/**
 * Every statement every pg client of this process sends while `run` runs, with the name of a
 * named prepared statement (the idea of the bench's tracer, bench/support/sql-trace.ts, kept
 * small and separate so the two can change apart).
 *
 * @example
 * ```ts
 * const queries = await traceQueries(() => saver.put(config, checkpoint, metadata, versions));
 * ```
 */
export async function traceQueries(run: () => Promise<unknown>): Promise<TracedQuery[]> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const queries: TracedQuery[] = [];
  prototype.query = function traced(this: object, ...args: unknown[]) {
    const [query] = args as [string | { text?: string; name?: string } | undefined];
    queries.push(typeof query === "string" ? { text: query, name: undefined } : { text: query?.text ?? "", name: query?.name });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return queries;
}

/**
 * The text of every statement every pg client of this process sends while `run` runs.
 *
 * @example
 * ```ts
 * const statements = await traceStatements(() => saver.put(config, checkpoint, metadata, versions));
 * ```
 */
export async function traceStatements(run: () => Promise<unknown>): Promise<string[]> {
  return (await traceQueries(run)).map((query) => query.text);
}
