/** A running embedded Postgres: its admin URL, and a stop that also deletes its data. */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down, keeping its data (for outage tests). */
  shutDown(): Promise<void>;
  /** Stops the server as a crash would (immediate shutdown): the next start runs crash recovery. */
  crash(): Promise<void>;
  /** Starts it again on the same port and data. */
  startAgain(): Promise<void>;
}

/** How the cluster is started. */
export interface EmbeddedPostgresOptions {
  /**
   * Keep Postgres's default durability: fsync, synchronous_commit and full_page_writes on, as in
   * production (the benchmark's choice). Default: `false` — fast and crash-unsafe, for tests.
   */
  durable?: boolean;
}

/** Initialises and starts a fresh cluster in a temporary directory. */
export function startEmbeddedPostgres(options?: EmbeddedPostgresOptions): Promise<EmbeddedPostgres>;
