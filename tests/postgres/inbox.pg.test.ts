import { randomBytes } from "node:crypto";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { runInboxSuite } from "../behaviour/inbox.cases.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("the Postgres checkpointer's inbox", () => {
  // A schema per test keeps each test's inbox to itself on one database.
  runInboxSuite(() => createPostgresCheckpointer(db.pool, { schema: `inbox_${randomBytes(4).toString("hex")}` }));
});
