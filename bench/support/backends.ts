import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import type { HITLPostgresSaver } from "../../src/postgres/index.js";
import { createMemoryCheckpointer, createPostgresCheckpointer } from "./library.js";
import type { BackendName } from "./measurements.js";

/** The two checkpointers of one backend: ours (inbox, claims, locks) and LangGraph's stock one. */
export interface Backend {
  name: BackendName;
  ours: BaseCheckpointSaver;
  stock: BaseCheckpointSaver;
  /** How the report names them: "HITLPostgresSaver" / "PostgresSaver", "createMemoryCheckpointer" / "MemorySaver". */
  oursName: string;
  stockName: string;
  close(): Promise<void>;
}

/** The Postgres backend, with what the Postgres-only workloads need. */
export type PostgresBackend = Backend & { ours: HITLPostgresSaver; url: string };

/**
 * createMemoryCheckpointer and MemorySaver.
 *
 * @example
 * ```ts
 * const memory = memoryBackend();
 * ```
 */
export function memoryBackend(): Backend {
  return { name: "memory", ours: createMemoryCheckpointer(), stock: new MemorySaver(), oursName: "createMemoryCheckpointer", stockName: "MemorySaver", close: async () => undefined };
}

function pool(url: string): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max: 30 });
  created.on("error", () => undefined);
  return created;
}

/**
 * Our HITLPostgresSaver (schema "ours") and a stock PostgresSaver (schema "stock") on one
 * database, each with its own pool, as an application would run either.
 *
 * @example
 * ```ts
 * const postgres = await postgresBackend(server.url);
 * ```
 */
export async function postgresBackend(url: string): Promise<PostgresBackend> {
  const ours = await createPostgresCheckpointer(pool(url), { schema: "ours" });
  const stock = new PostgresSaver(pool(url), undefined, { schema: "stock" });
  await stock.setup();
  return {
    name: "postgres",
    url,
    ours,
    stock,
    oursName: "HITLPostgresSaver",
    stockName: "PostgresSaver",
    close: async () => {
      await Promise.all([ours.end(), stock.end()]);
    },
  };
}
