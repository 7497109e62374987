import { createServer, type Socket } from "node:net";
import pg from "pg";
import { isHITLError } from "../../src/index.js";
import { createPostgresCheckpointer, HITLPostgresSaver } from "../../src/postgres/index.js";
import { thrownBy } from "../support/thrown-by.js";

// Never connected to: validation fails before any connection is made.
const URL = "postgresql://nobody@127.0.0.1:1/none";

async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("createPostgresCheckpointer() refuses bad input with INVALID_OPTIONS", () => {
  test.each([
    ["a schema with a quote", { schema: 'x"; DROP TABLE y; --' }, ["schema"], 'x"; DROP TABLE y; --'],
    ["an empty schema", { schema: "" }, ["schema"], ""],
    ["a schema longer than 63 characters", { schema: "s".repeat(64) }, ["schema"], "s".repeat(64)],
    ["a schema that is not a string", { schema: 7 }, ["schema"], 7],
    ["a misspelt option", { shema: "public" }, ["shema"], "public"],
  ])("%s", async (_name, options, path, received) => {
    const error = await refusal(() => createPostgresCheckpointer(URL, options as never));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(error) && error.details[0]).toMatchObject({ path, received });
  });

  test.each([
    ["an empty URL", "", ["urlOrPool"]],
    ["something that is neither a URL nor a pool", { connectionString: URL }, ["urlOrPool"]],
    ["a pool of one connection", new pg.Pool({ connectionString: URL, max: 1 }), ["urlOrPool", "options", "max"]],
  ])("%s", async (_name, urlOrPool, path) => {
    const error = await refusal(() => createPostgresCheckpointer(urlOrPool as never));
    expect(isHITLError(error, "INVALID_OPTIONS") && error.details[0]?.path).toEqual(path);
  });

  test.each([
    ["a bad schema", () => new HITLPostgresSaver(new pg.Pool({ connectionString: URL }), { schema: "no-dashes" }), ["schema"]],
    ["a URL instead of a pool", () => new HITLPostgresSaver(URL as never), ["urlOrPool"]],
    ["a pool of one connection", () => new HITLPostgresSaver(new pg.Pool({ connectionString: URL, max: 1 })), ["urlOrPool", "options", "max"]],
  ])("the HITLPostgresSaver constructor refuses %s", (_name, construct, path) => {
    const error = thrownBy(() => construct());
    expect(isHITLError(error, "INVALID_OPTIONS") && error.details[0]?.path).toEqual(path);
  });

  test("the error payload names the option, the problem and what was received", async () => {
    const error = await refusal(() => createPostgresCheckpointer(URL, { schema: "9lives" }));
    expect(isHITLError(error) && error.toJSON()).toMatchInlineSnapshot(`
      {
        "code": "INVALID_OPTIONS",
        "details": [
          {
            "message": "must be a plain identifier: a letter or _, then letters, digits or _",
            "path": [
              "schema",
            ],
            "received": "9lives",
          },
        ],
        "message": "Invalid Postgres checkpointer options: \`schema\`: must be a plain identifier: a letter or _, then letters, digits or _",
        "name": "HITLError",
      }
    `);
  });
});

describe("connection strings and connecting", () => {
  test.each([
    ["a string that is not a URL", "not a url"],
    ["an http URL", "http://localhost:5432/db"],
    ["a mysql URL", "mysql://user@localhost/db"],
  ])("%s is INVALID_OPTIONS, naming what is allowed (no connection is tried)", async (_name, url) => {
    const error = await refusal(() => createPostgresCheckpointer(url));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(error) && error.details[0]).toMatchObject({ path: ["urlOrPool"], allowed: ["postgres:", "postgresql:"] });
  });

  test("the password of a refused URL is not echoed", async () => {
    const error = await refusal(() => createPostgresCheckpointer("http://admin:s3cret@localhost/db"));
    expect(JSON.stringify(isHITLError(error) ? error.details : error)).not.toContain("s3cret");
  });

  test("a server that accepts TCP and never answers ends in DATABASE_UNAVAILABLE within connectTimeoutMs", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const error = await refusal(() => createPostgresCheckpointer(`postgresql://u:p@127.0.0.1:${port}/db`, { connectTimeoutMs: 300 }));
      expect(isHITLError(error, "DATABASE_UNAVAILABLE")).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test.each([
    ["claimLeaseMs below 100 ms", { claimLeaseMs: 10 }, ["claimLeaseMs"]],
    ["busyWaitMs that is not a whole number", { busyWaitMs: 1.5 }, ["busyWaitMs"]],
    ["connectTimeoutMs of zero", { connectTimeoutMs: 0 }, ["connectTimeoutMs"]],
  ])("%s is INVALID_OPTIONS", async (_name, options, path) => {
    const error = await refusal(() => createPostgresCheckpointer(URL, options as never));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    expect(isHITLError(error) && error.details[0]).toMatchObject({ path });
  });
});
