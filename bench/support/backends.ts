import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { createMemoryCheckpointer } from "../../src/index.js";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../src/postgres/index.js";

/** The checkpointers one backend offers: ours (with inbox and locks), and LangGraph's plain one. */
export interface Backend {
  name: "memory" | "postgres";
  ours: BaseCheckpointSaver;
  plain: BaseCheckpointSaver;
  middleware: BaseCheckpointSaver;
  close(): Promise<void>;
}

export function memoryBackend(): Backend {
  return { name: "memory", ours: createMemoryCheckpointer(), plain: new MemorySaver(), middleware: new MemorySaver(), close: async () => undefined };
}

function pool(url: string): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max: 30 });
  created.on("error", () => undefined);
  return created;
}

async function plainSaver(url: string, schema: string): Promise<PostgresSaver> {
  const saver = new PostgresSaver(pool(url), undefined, { schema });
  await saver.setup();
  return saver;
}

/** Three schemas on one database: ours, LangGraph's plain saver, and the middleware's. */
export async function postgresBackend(url: string): Promise<Backend & { ours: HITLPostgresSaver; url: string }> {
  const ours = await createPostgresCheckpointer(pool(url), { schema: "ours" });
  const plain = await plainSaver(url, "plain");
  const middleware = await plainSaver(url, "mw");
  return {
    name: "postgres",
    url,
    ours,
    plain,
    middleware,
    close: async () => {
      await Promise.all([ours.end(), plain.end(), middleware.end()]);
    },
  };
}
