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

/** What `useTwoReplicas` hands a test file once `beforeAll` has run. */
export interface TwoReplicas {
  /** The file's own database. */
  readonly db: TestDatabase;
  /** Replica A: a saver with its own pool on the database. */
  readonly a: HITLPostgresSaver;
  /** Replica B: another saver with its own pool on the same database. */
  readonly b: HITLPostgresSaver;
}

/**
 * Gives the calling test file a database of its own and two replicas on it — separate savers,
 * each with its own pool (own connections, own LISTEN), as two processes of a service have.
 *
 * @example
 * const replicas = useTwoReplicas();
 * test("…", async () => { const a = deployAgent(replicas.a); const b = deployAgent(replicas.b); … });
 */
export function useTwoReplicas(): TwoReplicas {
  let db: TestDatabase | undefined;
  let a: HITLPostgresSaver | undefined;
  let b: HITLPostgresSaver | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await createPostgresCheckpointer(db.url);
    b = await createPostgresCheckpointer(db.url);
  });
  afterAll(async () => {
    await a?.end();
    await b?.end();
    await db?.drop();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is created in beforeAll`);
    return value;
  };
  return {
    get db() {
      return ready(db, "the test database");
    },
    get a() {
      return ready(a, "replica A");
    },
    get b() {
      return ready(b, "replica B");
    },
  };
}
