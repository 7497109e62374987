/** A running embedded Postgres: its admin URL, and a stop that also deletes its data. */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Initialises and starts a fresh cluster in a temporary directory. */
export function startEmbeddedPostgres(): Promise<EmbeddedPostgres>;
