import pg from "pg";
import { spawnChild, type ChildScript } from "./child-process.js";

/** What a test can do to a Postgres running in its own OS process. */
export type ServerCommand = "down" | "crash" | "up";

/** A Postgres of a test's own, in a child process, with a pool on it. */
export interface RestartablePostgres {
  url: string;
  /** Reconnects by itself after the server comes back (errors of dropped idle connections are ignored). */
  pool: pg.Pool;
  /** `down`: a clean shutdown; `crash`: an immediate one (the next start runs crash recovery); `up`: start again. Resolves once carried out. */
  command(command: ServerCommand): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/**
 * Starts `children/restartable-postgres.mjs`. `durable: true` keeps Postgres's default
 * durability, which a crash test needs (the fast test settings lose the last commits in a crash).
 *
 * @example
 * ```ts
 * const server = await startRestartablePostgres({ durable: true });
 * await server.command("crash");
 * await server.command("up");
 * ```
 */
export async function startRestartablePostgres(options: { durable?: boolean } = {}): Promise<RestartablePostgres> {
  const child: ChildScript = spawnChild("restartable-postgres.mjs", options.durable === true ? ["durable"] : []);
  const url = (await child.line("up ")).slice("up ".length);
  const pool = new pg.Pool({ connectionString: url, max: 5, connectionTimeoutMillis: 2_000 });
  pool.on("error", () => undefined);
  let commands = 0;
  return {
    url,
    pool,
    async command(command) {
      commands += 1;
      const done = child.line(`done ${commands}`);
      child.send(`${command} ${commands}`);
      await done;
    },
    async stop() {
      child.send("exit final");
      await child.exited;
    },
  };
}
