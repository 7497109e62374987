// LangGraph's Postgres tables as @langchain/langgraph-checkpoint-postgres 1.0.x lays them out
// (its migrations.js and sql.js). Everything of this library that reads or writes them — the
// saver's one-statement writes, its reads, the inbox queries, the inbox triggers of migrations
// 0000 and 0002, retention — relies on exactly this layout; tests/langgraph/postgres-tables.pg.test.ts
// compares it with what the installed saver's own `setup()` creates and fails when a release changes it.

/** One column of a LangGraph table, as `information_schema.columns` reports it. */
interface LangGraphColumn {
  name: string;
  /** `data_type` (`text`, `jsonb`, `bytea`, `integer`). */
  type: string;
  nullable: boolean;
  /** `column_default`, or `null` when there is none. */
  default: string | null;
}

/** One LangGraph table: its columns in order, and its primary key. */
interface LangGraphTable {
  columns: readonly LangGraphColumn[];
  primaryKey: readonly string[];
}

const column = (name: string, type: string, nullable = false, defaultValue: string | null = null): LangGraphColumn => ({ name, type, nullable, default: defaultValue });
const EMPTY_NAMESPACE = "''::text";

/**
 * The tables LangGraph's `PostgresSaver.setup()` creates, column for column. A checkpoint's
 * channel values live in `checkpoint_blobs` (one row per channel and version, shared by the
 * checkpoints that did not change it); a task's pending writes live in `checkpoint_writes`
 * under the checkpoint the task ran from; `type` is the serializer's type tag (`json`, `bytes`,
 * `empty` for a channel without a value).
 *
 * @example
 * ```ts
 * LANGGRAPH_TABLES.checkpoint_writes.primaryKey; // ["thread_id", "checkpoint_ns", "checkpoint_id", "task_id", "idx"]
 * ```
 */
export const LANGGRAPH_TABLES = {
  checkpoint_migrations: { columns: [column("v", "integer")], primaryKey: ["v"] },
  checkpoints: {
    columns: [
      column("thread_id", "text"),
      column("checkpoint_ns", "text", false, EMPTY_NAMESPACE),
      column("checkpoint_id", "text"),
      column("parent_checkpoint_id", "text", true),
      column("type", "text", true),
      column("checkpoint", "jsonb"),
      column("metadata", "jsonb", false, "'{}'::jsonb"),
    ],
    primaryKey: ["thread_id", "checkpoint_ns", "checkpoint_id"],
  },
  checkpoint_blobs: {
    columns: [
      column("thread_id", "text"),
      column("checkpoint_ns", "text", false, EMPTY_NAMESPACE),
      column("channel", "text"),
      column("version", "text"),
      column("type", "text"),
      column("blob", "bytea", true),
    ],
    primaryKey: ["thread_id", "checkpoint_ns", "channel", "version"],
  },
  checkpoint_writes: {
    columns: [
      column("thread_id", "text"),
      column("checkpoint_ns", "text", false, EMPTY_NAMESPACE),
      column("checkpoint_id", "text"),
      column("task_id", "text"),
      column("idx", "integer"),
      column("channel", "text"),
      column("type", "text", true),
      column("blob", "bytea"),
    ],
    primaryKey: ["thread_id", "checkpoint_ns", "checkpoint_id", "task_id", "idx"],
  },
} as const satisfies Record<string, LangGraphTable>;

/** The name of one of LangGraph's tables. */
export type LangGraphTableName = keyof typeof LANGGRAPH_TABLES;

/** The tables that hold a thread's data (the migrations table holds none). */
export const THREAD_TABLES = ["checkpoint_blobs", "checkpoints", "checkpoint_writes"] as const satisfies readonly LangGraphTableName[];

/**
 * A LangGraph table of `schema`, quoted as the stock saver quotes it (`"schema".table`). The
 * schema must be a plain identifier (the saver's options check it).
 *
 * @example
 * ```ts
 * langGraphTable("public", "checkpoint_writes"); // "\"public\".checkpoint_writes"
 * ```
 */
export function langGraphTable(schema: string, table: LangGraphTableName): string {
  return `"${schema}".${table}`;
}

/**
 * The column names of a LangGraph table, in order.
 *
 * @example
 * ```ts
 * columnNames("checkpoint_blobs"); // ["thread_id", "checkpoint_ns", "channel", "version", "type", "blob"]
 * ```
 */
export function columnNames(table: LangGraphTableName): string[] {
  return LANGGRAPH_TABLES[table].columns.map((entry) => entry.name);
}
