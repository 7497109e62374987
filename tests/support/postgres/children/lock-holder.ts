// Takes a thread's lock and holds it until told "release", recording "enter" and "leave" in
// the lock_events table so the test can read in which order processes held the lock.
import pg from "pg";
import { HITLPostgresSaver } from "../../../../src/postgres/index.js";
import { closeStdin, untilLine } from "./stdin-lines.js";

async function main(url: string, threadId: string, holder: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url });
  const saver = new HITLPostgresSaver(pool);
  const record = (event: string) => pool.query("INSERT INTO lock_events (holder, event) VALUES ($1, $2)", [holder, event]);
  await pool.query("SELECT 1");
  console.log("waiting");
  await saver.withThreadLock(threadId, async () => {
    await record("enter");
    console.log("locked");
    await untilLine("release");
    await record("leave");
  });
  closeStdin();
  console.log("done");
  await saver.end();
}

const [url = "", threadId = "", holder = ""] = process.argv.slice(2);
main(url, threadId, holder).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
