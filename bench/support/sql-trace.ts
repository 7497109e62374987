import pg from "pg";

/** One statement a pg client of this process sent. */
export interface TracedStatement {
  text: string;
  /** Sent inside an explicit BEGIN … COMMIT block (so it does not commit on its own). */
  inBlock: boolean;
}

/** What a traced stretch of work asked of Postgres. */
export interface SqlTrace {
  statements: TracedStatement[];
  /** Transactions as the clients saw them: each BEGIN … COMMIT block, and each statement outside one. */
  transactions: number;
}

type Query = (...args: unknown[]) => unknown;

function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === "string") return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

function keyword(text: string): string {
  return text.trimStart().split(/\s+/, 1)[0]?.toUpperCase() ?? "";
}

/**
 * Records every statement every pg client of this process sends while `run` runs (the clients
 * of every pool, LangGraph's saver included), and which of them commit on their own.
 */
export async function traceSql(run: () => Promise<unknown>): Promise<SqlTrace> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const inBlock = new WeakSet<object>();
  const statements: TracedStatement[] = [];
  let transactions = 0;
  prototype.query = function traced(this: object, ...args: unknown[]) {
    const text = textOf(args);
    const word = keyword(text);
    if (word === "BEGIN" || word === "START") inBlock.add(this);
    const block = inBlock.has(this);
    if (word === "COMMIT" || word === "ROLLBACK" || word === "END") {
      inBlock.delete(this);
      transactions += 1;
    } else if (!block) {
      transactions += 1;
    }
    statements.push({ text, inBlock: block });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return { statements, transactions };
}

/** Statements that touch one of the given tables (by name, e.g. `hitl_claims`). */
export function touching(trace: SqlTrace, tables: readonly string[]): TracedStatement[] {
  return trace.statements.filter((statement) => tables.some((table) => statement.text.includes(table)));
}

/** Whether a statement changes data (so, outside a block, it is one durable commit). */
export function writes(statement: TracedStatement): boolean {
  const word = keyword(statement.text);
  return word === "INSERT" || word === "UPDATE" || word === "DELETE" || (word === "WITH" && /\b(INSERT|UPDATE|DELETE)\b/i.test(statement.text));
}
