import pg from "pg";
import { isHITLError, withThreadContinuation } from "../../src/index.js";
import { createPostgresCheckpointer, HITLPostgresSaver } from "../../src/postgres/index.js";

// Port 1 on the loopback refuses connections at once.
const UNREACHABLE = "postgresql://nobody:secret@127.0.0.1:1/none";

describe("an unreachable database gives DATABASE_UNAVAILABLE", () => {
  test("withThreadContinuation() rejects with the connection error as cause, and does not run the work", async () => {
    const saver = new HITLPostgresSaver(new pg.Pool({ connectionString: UNREACHABLE }));
    let ran = false;
    const error = await withThreadContinuation(saver, "t1", async () => {
      ran = true;
    }).catch((e: unknown) => e);
    await saver.end();
    expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(true);
    expect(isHITLError(error) && error.threadId).toBe("t1");
    expect((error as Error).cause).toMatchObject({ code: "ECONNREFUSED" });
    expect(ran).toBe(false);
  });

  test("createPostgresCheckpointer() with a URL rejects (and closes the pool it made)", async () => {
    const error = await createPostgresCheckpointer(UNREACHABLE).catch((e: unknown) => e);
    expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(true);
  });

  test("createPostgresCheckpointer() with a pool rejects and leaves the pool open for its owner", async () => {
    const pool = new pg.Pool({ connectionString: UNREACHABLE });
    const error = await createPostgresCheckpointer(pool).catch((e: unknown) => e);
    expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(true);
    expect(pool.ended || pool.ending).toBe(false);
    await pool.end();
  });
});
