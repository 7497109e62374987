// Connects, says "ready", and on "go" creates the checkpointer (running the migrations), then
// prints "result {json}". Several of these started together race for the migrations.
import pg from "pg";
import { createPostgresCheckpointer } from "../../../../src/postgres/index.js";
import { closeStdin, untilLine } from "./stdin-lines.js";

async function main(url: string, schema: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url });
  await pool.query("SELECT 1");
  console.log("ready");
  await untilLine("go");
  closeStdin();
  try {
    const saver = await createPostgresCheckpointer(pool, { schema });
    await saver.end();
    console.log(`result ${JSON.stringify({ ok: true })}`);
  } catch (error) {
    console.log(`result ${JSON.stringify({ ok: false, error: String(error), code: (error as { code?: unknown }).code })}`);
    await pool.end();
  }
}

const [url = "", schema = "public"] = process.argv.slice(2);
main(url, schema).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
