import type { Reviewer } from "../protocol/resume-envelope.js";
import { encodeGrantCursor } from "./grant-cursor.js";
import type { GrantDraft, GrantPage, GrantStore, LiveGrantQuery, ResolvedGrantQuery, StandingGrant } from "./types.js";

interface Entry {
  draft: Omit<GrantDraft, "expiresInMs">;
  createdAt: number;
  expiresAt: number | undefined;
  revokedAt: number | undefined;
  revokedBy: Reviewer | undefined;
}

function scopeKey(name: string, key: string): string {
  return JSON.stringify([name, key]);
}

function statusOf(entry: Entry, now: number): StandingGrant["status"] {
  if (entry.revokedAt !== undefined) return "revoked";
  return entry.expiresAt !== undefined && entry.expiresAt <= now ? "expired" : "active";
}

function grantOf(entry: Entry, now: number): StandingGrant {
  // A copy, as if read from a database: a caller can never change a stored grant through a reference.
  const draft = JSON.parse(JSON.stringify(entry.draft)) as Omit<GrantDraft, "expiresInMs">;
  return {
    ...draft,
    createdAt: new Date(entry.createdAt).toISOString(),
    ...(entry.expiresAt === undefined ? {} : { expiresAt: new Date(entry.expiresAt).toISOString() }),
    ...(entry.revokedAt === undefined ? {} : { revokedAt: new Date(entry.revokedAt).toISOString() }),
    ...(entry.revokedBy === undefined ? {} : { revokedBy: { ...entry.revokedBy } }),
    status: statusOf(entry, now),
  };
}

/** Sort order of a listing: oldest first, then by id. */
function isAfter(grant: StandingGrant, position: { createdAt: string; id: string }): boolean {
  return grant.createdAt !== position.createdAt ? grant.createdAt > position.createdAt : grant.id > position.id;
}

/**
 * Standing grants kept in this process, for `MemorySaver`, the memory checkpointer and any
 * checkpointer that keeps none of its own: the same rules as in Postgres, by this process's clock.
 * Grants are added only by {@link MemoryGrantStore.commit}, which the claim store calls in the
 * same synchronous step that commits the claim of the approval that made them.
 *
 * @example
 * ```ts
 * const grants = new MemoryGrantStore();
 * await grants.liveGrants({ toolNames: ["lookup"], scopes: [{ name: "thread", key: "t1" }] });
 * ```
 */
export class MemoryGrantStore implements GrantStore {
  readonly #grants = new Map<string, Entry>();
  /** Grant ids by scope, then by tool: a batch reads only what could cover its calls. */
  readonly #byScope = new Map<string, Map<string, Set<string>>>();

  /**
   * Adds the grants a committed judgment made, timed by this process's clock (the one that
   * judged the claim). Synchronous, so no other operation sees the claim without its grants.
   */
  commit(drafts: readonly GrantDraft[], now: number): void {
    for (const { expiresInMs, ...draft } of drafts) {
      const stored = JSON.parse(JSON.stringify(draft)) as Omit<GrantDraft, "expiresInMs">;
      this.#grants.set(draft.id, { draft: stored, createdAt: now, expiresAt: expiresInMs === undefined ? undefined : now + expiresInMs, revokedAt: undefined, revokedBy: undefined });
      const scope = scopeKey(draft.scope.name, draft.scope.key);
      const tools = this.#byScope.get(scope) ?? new Map<string, Set<string>>();
      const ids = tools.get(draft.toolName) ?? new Set<string>();
      ids.add(draft.id);
      tools.set(draft.toolName, ids);
      this.#byScope.set(scope, tools);
    }
  }

  async liveGrants(query: LiveGrantQuery): Promise<StandingGrant[]> {
    const now = Date.now();
    const found: StandingGrant[] = [];
    for (const scope of query.scopes) {
      const tools = this.#byScope.get(scopeKey(scope.name, scope.key));
      if (tools === undefined) continue;
      for (const toolName of query.toolNames) {
        for (const id of tools.get(toolName) ?? []) {
          const entry = this.#grants.get(id);
          if (entry !== undefined && statusOf(entry, now) === "active") found.push(grantOf(entry, now));
        }
      }
    }
    return found;
  }

  async list(query: ResolvedGrantQuery): Promise<GrantPage> {
    const now = Date.now();
    const { after } = query;
    const matching = [...this.#grants.values()]
      .map((entry) => grantOf(entry, now))
      .filter(
        (grant) =>
          (query.scope === undefined || grant.scope.name === query.scope) &&
          (query.scopeKey === undefined || grant.scope.key === query.scopeKey) &&
          (query.toolName === undefined || grant.toolName === query.toolName) &&
          (query.includeInactive || grant.status === "active") &&
          (after === undefined || isAfter(grant, after)),
      )
      .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const items = matching.slice(0, query.limit);
    const last = items[items.length - 1];
    return matching.length > query.limit && last !== undefined ? { items, nextCursor: encodeGrantCursor(last) } : { items };
  }

  async revoke(grantId: string, revokedBy: Reviewer | undefined): Promise<StandingGrant | undefined> {
    const entry = this.#grants.get(grantId);
    if (entry === undefined) return undefined;
    if (entry.revokedAt === undefined) Object.assign(entry, { revokedAt: Date.now(), revokedBy });
    return grantOf(entry, Date.now());
  }

  /** Forgets a deleted thread's own grants (scope `"thread"`); grants of the host's scopes made on it stay. */
  deleteThread(threadId: string): void {
    const tools = this.#byScope.get(scopeKey("thread", threadId));
    for (const ids of tools?.values() ?? []) for (const id of ids) this.#grants.delete(id);
    this.#byScope.delete(scopeKey("thread", threadId));
  }
}
