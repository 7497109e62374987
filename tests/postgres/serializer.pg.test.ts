// Custom serializers: the approvals inbox is kept by a trigger that reads interrupt writes as JSON,
// so a serializer that stores them as JSON is supported (passed as `serde`), and any other is
// refused with INVALID_OPTIONS before anything is written — never a silently empty inbox.
import { HumanMessage } from "@langchain/core/messages";
import { JsonPlusSerializer, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import pg from "pg";
import { ApprovalToolNode, getInterrupt, isHITLError, resume } from "../../src/index.js";
import { createPostgresCheckpointer, HITLPostgresSaver } from "../../src/postgres/index.js";
import { agentGraph, countingTool, newThread } from "../support/fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { FastJsonPlusSerializer } from "../../src/langgraph/index.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A JSON serializer of one's own (e.g. to revive application classes): counts what it stores. */
class CountingSerializer extends JsonPlusSerializer {
  stored = 0;
  override async dumpsTyped(value: unknown): Promise<[string, Uint8Array]> {
    this.stored += 1;
    return super.dumpsTyped(value);
  }
}

/**
 * Stores lists obscured under a type of its own (think: encrypting some values); objects stay
 * JSON, as the stock saver needs for metadata (it parses their bytes as JSON for a jsonb column).
 * An interrupt write is a list.
 */
class ObscuringSerializer implements SerializerProtocol {
  readonly #json = new JsonPlusSerializer();
  async dumpsTyped(value: unknown): Promise<[string, Uint8Array]> {
    const [type, bytes] = await this.#json.dumpsTyped(value);
    return Array.isArray(value) ? [`${type}+xor`, bytes.map((byte) => byte ^ 0x5a)] : [type, bytes];
  }
  async loadsTyped(type: string, bytes: Uint8Array | string): Promise<unknown> {
    const raw = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
    return this.#json.loadsTyped(type.replace(/\+xor$/, ""), raw.map((byte) => byte ^ 0x5a));
  }
}

/** Claims type "json" but stores base64 text. */
class Base64Serializer implements SerializerProtocol {
  readonly #json = new JsonPlusSerializer();
  async dumpsTyped(value: unknown): Promise<[string, Uint8Array]> {
    const [type, bytes] = await this.#json.dumpsTyped(value);
    return [type, new TextEncoder().encode(Buffer.from(bytes).toString("base64"))];
  }
  async loadsTyped(type: string, bytes: Uint8Array | string): Promise<unknown> {
    return this.#json.loadsTyped(type, Buffer.from(typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes), "base64"));
  }
}

function deployGraph(saver: HITLPostgresSaver) {
  const deploy = countingTool("deploy");
  const { graph } = agentGraph(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "/srv" }, id: "d1" }], saver);
  return { graph, deploy };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown } | undefined> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  return isHITLError(error) ? { code: error.code, details: error.details } : error === undefined ? undefined : { code: `untyped: ${String(error)}`, details: [] };
}

describe("custom serializers", () => {
  test("a serializer that stores JSON (one extending JsonPlusSerializer) is accepted as `serde`: paused threads are listed and resume", async () => {
    const serde = new CountingSerializer();
    const saver = await createPostgresCheckpointer(db.url, { serde });
    try {
      const { graph, deploy } = deployGraph(saver);
      const config = newThread("counting");
      await graph.invoke({ messages: [new HumanMessage("deploy")] }, config);
      const { items } = await saver.listPendingInterrupts({ limit: 10, threadId: config.configurable.thread_id });
      expect(items).toHaveLength(1);
      await resume(graph, config, [{ type: "approve" }], { interruptId: (await getInterrupt(graph, config))!.interruptId });
      expect(deploy.count).toBe(1);
      expect(serde.stored).toBeGreaterThan(0);
    } finally {
      await saver.end();
    }
  });

  test("without `serde` the saver stores in LangGraph's format and reads with FastJsonPlusSerializer; a `serde` passed is the one used", async () => {
    const serde = new CountingSerializer();
    const [byDefault, own] = [await createPostgresCheckpointer(db.url), await createPostgresCheckpointer(db.url, { serde })];
    try {
      expect(byDefault.serde).toBeInstanceOf(FastJsonPlusSerializer);
      expect(byDefault.serde).toBeInstanceOf(JsonPlusSerializer);
      expect(own.serde).toBe(serde);
    } finally {
      await Promise.all([byDefault.end(), own.end()]);
    }
  });

  test.each([
    ["stores interrupt values under a type of its own", new ObscuringSerializer(), "json+xor"],
    ["claims type json but does not store JSON", new Base64Serializer(), "json (not UTF-8 JSON of the value)"],
  ])("a serializer that %s is refused at setup() with INVALID_OPTIONS naming it and what is supported; nothing is migrated", async (_, serde, received) => {
    const fresh = await createTestDatabase();
    try {
      const refused = await refusal(createPostgresCheckpointer(fresh.url, { serde }));
      expect(refused).toEqual({ code: "INVALID_OPTIONS", details: [expect.objectContaining({ path: ["serde"], allowed: ["json"], received })] });
      expect(JSON.stringify(refused?.details)).toContain(serde.constructor.name);
      const { rows } = await fresh.pool.query("SELECT to_regclass('public.hitl_migrations') AS table");
      expect(rows).toEqual([{ table: null }]);
    } finally {
      await fresh.drop();
    }
  });

  test("a serializer swapped in after setup() (no check ran) cannot pause a run the inbox would not list: the interrupt write is refused with INVALID_OPTIONS", async () => {
    const pool = new pg.Pool({ connectionString: db.url });
    pool.on("error", () => undefined);
    const saver = new HITLPostgresSaver(pool);
    await saver.setup();
    saver.serde = new ObscuringSerializer();
    try {
      const { graph, deploy } = deployGraph(saver);
      const config = newThread("swapped");
      expect((await refusal(graph.invoke({ messages: [new HumanMessage("deploy")] }, config)))?.code).toBe("INVALID_OPTIONS");
      expect(deploy.count).toBe(0);
      const { rows } = await db.pool.query("SELECT 1 FROM checkpoint_writes WHERE thread_id = $1 AND channel = '__interrupt__'", [config.configurable.thread_id]);
      expect(rows).toEqual([]);
    } finally {
      await saver.end();
    }
  });

  test("`serde` must be a serializer: INVALID_OPTIONS at construction", () => {
    const pool = new pg.Pool({ connectionString: db.url });
    let error: unknown;
    try {
      new HITLPostgresSaver(pool, { serde: "json" as never });
    } catch (caught) {
      error = caught;
    }
    expect(isHITLError(error, "INVALID_OPTIONS") && error.details.map((detail) => detail.path)).toEqual([["serde"]]);
    void pool.end();
  });
});
