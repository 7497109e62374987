import { createPostgresCheckpointer, type HITLPostgresSaver } from "../../../src/postgres/index.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

/** What `usePostgresCheckpointer` hands a test file once `beforeAll` has run. */
export interface PostgresSession {
  /** The file's own database. */
  readonly db: TestDatabase;
  /** One saver on it, shared by the file's tests (each test uses its own thread ids). */
  readonly saver: HITLPostgresSaver;
}

/**
 * Gives the calling test file a database of its own and one `HITLPostgresSaver` on it,
 * created in `beforeAll` and dropped in `afterAll`. Call it at the top level of the file.
 *
 * @example
 * const pg = usePostgresCheckpointer();
 * test("…", async () => { const graph = build(pg.saver); … });
 */
export function usePostgresCheckpointer(): PostgresSession {
  let db: TestDatabase | undefined;
  let saver: HITLPostgresSaver | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    saver = await createPostgresCheckpointer(db.pool);
  });
  afterAll(async () => {
    // end() closes db.pool too; drop() copes with that.
    await saver?.end();
    await db?.drop();
  });
  return {
    get db() {
      if (db === undefined) throw new Error("the test database is created in beforeAll");
      return db;
    },
    get saver() {
      if (saver === undefined) throw new Error("the saver is created in beforeAll");
      return saver;
    },
  };
}
