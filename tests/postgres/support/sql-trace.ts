import pg from "pg";

/** One statement a pg client of this process sent, and whether it ran inside an explicit BEGIN … COMMIT. */
export interface TracedStatement {
  text: string;
  inBlock: boolean;
}

type Query = (...args: unknown[]) => unknown;

function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === "string") return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

const keyword = (text: string): string => text.trimStart().split(/\s+/, 1)[0]?.toUpperCase() ?? "";

/**
 * Every statement every pg client of this process sends while `run` runs (the bench's tracer,
 * bench/support/sql-trace.ts, in the tests' own copy so the two can change apart).
 *
 * @example
 * ```ts
 * const statements = await traceStatements(() => saver.put(config, checkpoint, metadata, versions));
 * ```
 */
export async function traceStatements(run: () => Promise<unknown>): Promise<TracedStatement[]> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const inBlock = new WeakSet<object>();
  const statements: TracedStatement[] = [];
  prototype.query = function traced(this: object, ...args: unknown[]) {
    const text = textOf(args);
    const word = keyword(text);
    if (word === "BEGIN" || word === "START") inBlock.add(this);
    statements.push({ text, inBlock: inBlock.has(this) });
    if (word === "COMMIT" || word === "ROLLBACK" || word === "END") inBlock.delete(this);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return statements;
}
