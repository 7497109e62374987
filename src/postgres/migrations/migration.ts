import type pg from "pg";

/**
 * One numbered schema change. Released migrations are never edited (a test freezes their
 * SQL); a change is always a new migration appended to the list.
 */
export interface Migration {
  version: number;
  /** What it does, for people reading `hitl_migrations`. */
  name: string;
  /** The migration's SQL for a schema, run in one transaction (frozen once released). */
  sql(schema: string): string;
  /** Work SQL alone cannot do (e.g. re-encoding rows), run in the same transaction after `sql`. */
  run?(client: pg.PoolClient, schema: string): Promise<void>;
}
