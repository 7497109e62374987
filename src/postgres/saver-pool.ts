import type pg from "pg";
import { isStockTupleRead } from "../langgraph/index.js";
import { FAST_BYTEA_TYPES } from "./bytea-arrays.js";
import { statementName } from "./prepared-statement.js";

/** How LangGraph's saver should query through {@link langGraphSaverPool}. */
interface SaverPoolOptions {
  /** Whether `getTuple`'s checkpoint load goes as a named prepared statement (the `preparedStatements` option). */
  readonly prepareTupleReads: boolean;
}

/** The query config for LangGraph's `pool.query(text, values)`: the fast `bytea[]` parser unless the pool has its own types, a name for a checkpoint load. */
function queryConfig(text: string, values: unknown[] | undefined, fastTypes: boolean, options: SaverPoolOptions): pg.QueryConfig {
  const config: pg.QueryConfig = { text };
  if (values !== undefined) config.values = values;
  if (fastTypes) config.types = FAST_BYTEA_TYPES as pg.CustomTypesConfig;
  if (options.prepareTupleReads && isStockTupleRead(text)) config.name = statementName(text);
  return config;
}

/**
 * The pool to hand LangGraph's `PostgresSaver`: the same pool, whose `query(text, values)` reads
 * `bytea[]` columns (the checkpoint's channel values and pending writes) with the linear parser
 * of `bytea-arrays.ts`, and — with `prepareTupleReads` — sends `getTuple`'s checkpoint load, a
 * large fixed statement every run makes, as a named prepared statement, parsed and planned once
 * per connection. Every other statement goes as LangGraph wrote it (`list` inlines its LIMIT,
 * so it stays plain text). Everything else — `connect()`, `end()`, events, a query given as a
 * config object — is the pool's own. A pool created with its own `types` keeps them.
 *
 * @param pool - The application's pool.
 * @param options - `prepareTupleReads`: whether checkpoint loads are prepared.
 * @returns A pool that reads the same rows, faster.
 * @example
 * ```ts
 * super(langGraphSaverPool(pool, { prepareTupleReads: true }), serde, { schema });
 * ```
 */
export function langGraphSaverPool(pool: pg.Pool, options: SaverPoolOptions): pg.Pool {
  const fastTypes = (pool as { options?: { types?: unknown } }).options?.types === undefined;
  if (!fastTypes && !options.prepareTupleReads) return pool;
  // LangGraph's saver reads with `pool.query(text, values)`; any other form goes to the pool as it came.
  const query = (...args: unknown[]): unknown => {
    const [text, values] = args;
    if (args.length > 2 || typeof text !== "string" || !(values === undefined || Array.isArray(values))) return (pool.query as (...given: unknown[]) => unknown)(...args);
    return pool.query(queryConfig(text, values, fastTypes, options));
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
