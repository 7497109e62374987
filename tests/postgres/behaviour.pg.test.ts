import { createPostgresCheckpointer, type HitlPostgresSaver } from "../../src/postgres/index.js";
import { runBehaviourSuite } from "../behaviour/suite.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
let saver: HitlPostgresSaver;
beforeAll(async () => {
  db = await createTestDatabase();
  saver = await createPostgresCheckpointer(db.pool);
});
afterAll(async () => {
  // end() closes db.pool too; drop() copes with that.
  await saver.end();
  await db.drop();
});

describe("core behaviour on the Postgres checkpointer", () => {
  // Every test uses its own thread id, so one saver serves them all.
  runBehaviourSuite(() => saver);
});
