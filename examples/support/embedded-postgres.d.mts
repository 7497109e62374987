/** A running embedded Postgres: its admin URL, and a stop that also deletes its data. */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down, keeping its data (for outage tests). */
  shutDown(): Promise<void>;
  /** Starts it again on the same port and data. */
  startAgain(): Promise<void>;
}

/** Initialises and starts a fresh cluster in a temporary directory. */
export function startEmbeddedPostgres(): Promise<EmbeddedPostgres>;
