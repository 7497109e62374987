import { randomBytes } from "node:crypto";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { HISTORY_MARKER, turnRoutingWriteCases } from "./turn-routing-writes.cases.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("approvalMiddleware's tool turn on the Postgres checkpointer: the checkpoint_writes rows that carry the history", () => {
  turnRoutingWriteCases(async () => {
    const schema = `turn_writes_${randomBytes(4).toString("hex")}`;
    const saver = await createPostgresCheckpointer(db.pool, { schema });
    return {
      saver,
      historyWriteChannels: async (threadId) => {
        const { rows } = await db.pool.query<{ channel: string }>(
          `SELECT channel FROM ${schema}.checkpoint_writes WHERE thread_id = $1 AND position(convert_to($2, 'UTF8') IN blob) > 0`,
          [threadId, HISTORY_MARKER],
        );
        return rows.map((row) => row.channel);
      },
    };
  });
});
