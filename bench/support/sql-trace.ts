import pg from "pg";
import { keywordOf, splitStatements, writesData } from "./sql-statements.js";

/** One statement a pg client of this process sent. */
export interface TracedStatement {
  text: string;
  /** The client-side transaction it ran in: statements with the same number commit together. */
  transaction: number;
}

/** What a traced stretch of work asked of Postgres. */
export interface SqlTrace {
  statements: TracedStatement[];
  /** Queries sent: one round trip each, however many statements a query's text holds. */
  roundTrips: number;
  /** Transactions as the clients saw them: each BEGIN … COMMIT block, and each query outside one (a multi-statement query is one implicit transaction). */
  transactions: number;
}

type Query = (...args: unknown[]) => unknown;

function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === "string") return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

const OPENS = new Set(["BEGIN", "START"]);
const CLOSES = new Set(["COMMIT", "ROLLBACK", "END", "ABORT"]);

/**
 * Follows each client's explicit blocks and numbers the transactions its statements run in:
 * a BEGIN … COMMIT block is one transaction, and so is each query sent outside one (Postgres
 * runs a multi-statement query as one implicit transaction).
 *
 * @example
 * ```ts
 * const tracker = new TransactionTracker();
 * tracker.record(client, "BEGIN");
 * tracker.record(client, "INSERT INTO t VALUES (1)");
 * tracker.record(client, "COMMIT");
 * tracker.transactions; // 1
 * ```
 */
export class TransactionTracker {
  readonly statements: TracedStatement[] = [];
  roundTrips = 0;
  #count = 0;
  readonly #open = new WeakMap<object, number>();

  /** Records one query `client` sent. */
  record(client: object, text: string): void {
    this.roundTrips += 1;
    let implicit: number | undefined;
    for (const statement of splitStatements(text)) {
      const word = keywordOf(statement);
      let transaction = this.#open.get(client);
      if (transaction === undefined) {
        implicit ??= this.#next();
        transaction = implicit;
        if (OPENS.has(word)) {
          this.#open.set(client, transaction);
          implicit = undefined;
        }
      } else if (CLOSES.has(word)) {
        this.#open.delete(client);
      }
      this.statements.push({ text: statement, transaction });
    }
  }

  /** Transactions begun so far. */
  get transactions(): number {
    return this.#count;
  }

  #next(): number {
    this.#count += 1;
    return this.#count;
  }
}

/**
 * Records every statement every pg client of this process sends while `run` runs (the clients
 * of every pool, LangGraph's saver included): the round trips, the statements in them, and which
 * transaction each ran in. Counted at the client: statements a trigger runs on the server are
 * not in it.
 *
 * @example
 * ```ts
 * const trace = await traceSql(() => graph.invoke(input, config));
 * console.log(trace.statements.length, trace.transactions);
 * ```
 */
export async function traceSql(run: () => Promise<unknown>): Promise<SqlTrace> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const tracker = new TransactionTracker();
  prototype.query = function traced(this: object, ...args: unknown[]) {
    tracker.record(this, textOf(args));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return { statements: tracker.statements, roundTrips: tracker.roundTrips, transactions: tracker.transactions };
}

/** Whether a statement's text names a table (as a whole word, schema-qualified or quoted too). */
function names(statement: TracedStatement, table: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${table}([^A-Za-z0-9_]|$)`).test(statement.text);
}

/**
 * The transactions in which a statement changed data in one of `tables` and no statement changed
 * data in any of `excluding` — e.g. commits our claim tables make on their own, not riding on
 * one of LangGraph's writes.
 *
 * @example
 * ```ts
 * const own = writeTransactions(trace, ["hitl_claims"], ["checkpoints", "checkpoint_blobs", "checkpoint_writes"]);
 * ```
 */
export function writeTransactions(trace: SqlTrace, tables: readonly string[], excluding: readonly string[] = []): Set<number> {
  const writing = (list: readonly string[]) => new Set(trace.statements.filter((s) => writesData(s.text) && list.some((table) => names(s, table))).map((s) => s.transaction));
  const touched = writing(tables);
  for (const transaction of writing(excluding)) touched.delete(transaction);
  return touched;
}

/**
 * Statements that name one of the tables and change no data (reads).
 *
 * @example
 * ```ts
 * const claimReads = readsOf(trace, ["hitl_claims", "hitl_call_results"]).length;
 * ```
 */
export function readsOf(trace: SqlTrace, tables: readonly string[]): TracedStatement[] {
  return trace.statements.filter((s) => !writesData(s.text) && tables.some((table) => names(s, table)));
}
