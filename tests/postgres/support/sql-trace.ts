import pg from "pg";

type Query = (...args: unknown[]) => unknown;

/**
 * The text of every statement every pg client of this process sends while `run` runs (the idea
 * of the bench's tracer, bench/support/sql-trace.ts, kept small and separate so the two can change apart).
 *
 * @example
 * ```ts
 * const statements = await traceStatements(() => saver.put(config, checkpoint, metadata, versions));
 * ```
 */
export async function traceStatements(run: () => Promise<unknown>): Promise<string[]> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const texts: string[] = [];
  prototype.query = function traced(this: object, ...args: unknown[]) {
    const [query] = args as [string | { text?: string } | undefined];
    texts.push(typeof query === "string" ? query : (query?.text ?? ""));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return texts;
}
