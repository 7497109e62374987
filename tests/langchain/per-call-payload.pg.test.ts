import { randomBytes } from "node:crypto";
import { createPostgresCheckpointer } from "../../src/postgres/index.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { perCallPayloadCases } from "./per-call-payload.cases.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("LangChain's per-call tool_approval shape on the Postgres checkpointer (its inbox trigger included)", () => {
  perCallPayloadCases(() => createPostgresCheckpointer(db.pool, { schema: `per_call_${randomBytes(4).toString("hex")}` }));
});
