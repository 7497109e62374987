import type pg from "pg";
import type { InboxHint, InboxHintSource, InboxHintSubscription } from "../../inbox/change-feed.js";
import { INBOX_CHANNEL } from "../migrations/0008-inbox-notify.js";

/** After a lost listener connection, wait this long (doubling, up to the maximum) before connecting again. */
const RECONNECT_MS = { first: 100, max: 5_000 };

type Listener = (hint: InboxHint) => void;
type ClientClass = new (config: pg.ClientConfig) => pg.Client;

/**
 * A client configured like the pool's connections, made outside the pool: `LISTEN` belongs to
 * one session, and a pooled connection is handed to other work and recycled when idle.
 */
function listenerClient(pool: pg.Pool): pg.Client {
  const options = pool.options as pg.PoolConfig & { Client?: ClientClass };
  const Client = ((pool as unknown as { Client?: ClientClass }).Client ?? options.Client) as ClientClass;
  // pg hides the password from enumeration, so a spread alone would drop it.
  return new Client({ ...options, password: options.password, keepAlive: true } as pg.ClientConfig);
}

/**
 * The hint a notification payload (`<schema>:<thread id>`) gives this schema, if any.
 *
 * @example
 * ```ts
 * hintOf("public:t1", "public"); // { kind: "thread", threadId: "t1" }
 * hintOf("agents:t1", "public"); // undefined
 * ```
 */
export function hintOf(payload: string | undefined, schema: string): InboxHint | undefined {
  const separator = payload?.indexOf(":") ?? -1;
  if (payload === undefined || separator < 0 || payload.slice(0, separator) !== schema) return undefined;
  const threadId = payload.slice(separator + 1);
  // An empty thread id stands for one too long to notify: re-read everything.
  return threadId === "" ? { kind: "resync" } : { kind: "thread", threadId };
}

/**
 * One saver's `LISTEN langgraph_hitl_inbox` connection, shared by all its watches: opened when
 * the first watch subscribes, closed when the last one leaves or the saver ends. A lost
 * connection is opened again (100 ms, doubling, up to 5 s); once listening again, every watch is
 * told to re-read the whole inbox, since notifications sent meanwhile were lost.
 *
 * @example
 * ```ts
 * const notifications = new PostgresInboxNotifications(pool, "public");
 * const { ready, close } = notifications.subscribe((hint) => console.log(hint));
 * await ready; // LISTEN is active
 * close();
 * ```
 */
export class PostgresInboxNotifications implements InboxHintSource {
  readonly #pool: pg.Pool;
  readonly #schema: string;
  readonly #listeners = new Set<Listener>();
  #client: pg.Client | undefined;
  /** Settles when the current connection listens (rejects when the first attempt fails). */
  #listening: Promise<void> | undefined;
  #generation = 0;
  #closed = false;

  constructor(pool: pg.Pool, schema: string) {
    this.#pool = pool;
    this.#schema = schema;
  }

  subscribe(listener: Listener): InboxHintSubscription {
    if (this.#closed) {
      queueMicrotask(() => listener({ kind: "closed" }));
      return { ready: Promise.resolve(), close: () => undefined };
    }
    this.#listeners.add(listener);
    this.#listening ??= this.#open(this.#generation).catch((error: unknown) => {
      this.#listening = undefined;
      throw error;
    });
    return {
      ready: this.#listening,
      close: () => {
        this.#listeners.delete(listener);
        if (this.#listeners.size === 0) this.#disconnect();
      },
    };
  }

  /** Ends the connection and every watch on it (the saver's `end()`). */
  async close(): Promise<void> {
    this.#closed = true;
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    this.#disconnect();
    for (const listener of listeners) listener({ kind: "closed" });
  }

  /** The backend process id of the listening connection, when there is one (for tests and diagnostics). */
  get listenerPid(): number | undefined {
    return (this.#client as { processID?: number } | undefined)?.processID;
  }

  #current(generation: number): boolean {
    return generation === this.#generation && !this.#closed && this.#listeners.size > 0;
  }

  #disconnect(): void {
    this.#generation += 1;
    this.#listening = undefined;
    const client = this.#client;
    this.#client = undefined;
    void client?.end().catch(() => undefined);
  }

  /** Connects and listens; the connection becomes current only once `LISTEN` succeeded. */
  async #open(generation: number): Promise<void> {
    const client = listenerClient(this.#pool);
    client.on("notification", (message) => {
      const hint = message.channel === INBOX_CHANNEL ? hintOf(message.payload, this.#schema) : undefined;
      if (hint !== undefined && this.#client === client) for (const listener of this.#listeners) listener(hint);
    });
    const lost = (): void => {
      if (this.#client !== client) return;
      this.#client = undefined;
      void this.#reconnect(generation);
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${INBOX_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (!this.#current(generation)) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
  }

  /** After a lost connection: connect again until it listens, then have every watch re-read the inbox. */
  async #reconnect(generation: number): Promise<void> {
    for (let wait = RECONNECT_MS.first; this.#current(generation); wait = Math.min(wait * 2, RECONNECT_MS.max)) {
      await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
      if (!this.#current(generation)) return;
      try {
        await this.#open(generation);
      } catch {
        continue;
      }
      if (this.#client !== undefined) for (const listener of this.#listeners) listener({ kind: "resync" });
      return;
    }
  }
}
