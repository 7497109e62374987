import type { GrantPage, StandingGrant } from "../../../grants/types.js";
import type { PageProblem, PendingInterruptPage, PendingInterruptRecord, ResumeRequestBody, ResumeResponse } from "./wire-types.js";

/** A route's answer: its JSON value, or the problem it reported. */
type ApiResult<T> = { ok: true; value: T } | { ok: false; problem: PageProblem };

/** The JSON routes the reviewer page calls. */
interface InboxApi {
  /** Every pending interrupt, oldest first, following `nextCursor` up to `maxItems`. */
  listPending(maxItems?: number): Promise<ApiResult<{ items: PendingInterruptRecord[]; truncated: boolean }>>;
  /** A thread's pending interrupt. */
  threadInterrupt(threadId: string): Promise<ApiResult<{ interruptId: string; threadId: string; payload: PendingInterruptRecord["payload"] }>>;
  /** Applies decisions or answers. */
  resume(threadId: string, body: ResumeRequestBody): Promise<ApiResult<ResumeResponse>>;
  /** The active standing grants, oldest first (one page of up to 100). */
  listGrants(): Promise<ApiResult<GrantPage>>;
  /** Revokes a standing grant. */
  revokeGrant(grantId: string): Promise<ApiResult<StandingGrant>>;
}

const PAGE_SIZE = 100;

function isProblem(value: unknown): value is PageProblem {
  const candidate = value as Partial<PageProblem> | null;
  return typeof candidate?.code === "string" && typeof candidate.status === "number";
}

async function call<T>(fetcher: typeof fetch, url: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    // Auth is the host's: its cookies (or whatever the browser attaches) go along same-origin.
    response = await fetcher(url, { credentials: "same-origin", cache: "no-store", ...init, headers: { accept: "application/json", ...(init.headers ?? {}) } });
  } catch (error) {
    return { ok: false, problem: { status: 0, code: "NETWORK", detail: String((error as Error).message ?? error) } };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, value: body as T };
  if (isProblem(body)) return { ok: false, problem: body };
  return { ok: false, problem: { status: response.status, code: "INTERNAL", detail: response.statusText || `HTTP ${response.status}` } };
}

/**
 * The page's client for the handler's JSON routes under `basePath`. Never throws: network
 * failures come back as a `NETWORK` problem with status 0.
 *
 * @param basePath - Where the handler is mounted, e.g. `"/approvals"` (`""` for the root).
 * @param fetcher - `fetch` (injectable for tests).
 * @example
 * ```ts
 * const api = createInboxApi(document.body.dataset.basePath ?? "");
 * const page = await api.listPending();
 * ```
 */
export function createInboxApi(basePath: string, fetcher: typeof fetch = (...args) => fetch(...args)): InboxApi {
  const threadPath = (threadId: string, action: string): string => `${basePath}/threads/${encodeURIComponent(threadId)}/${action}`;
  return {
    async listPending(maxItems = 500) {
      const items: PendingInterruptRecord[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ limit: String(Math.min(PAGE_SIZE, maxItems - items.length)) });
        if (cursor !== undefined) query.set("cursor", cursor);
        const page = await call<PendingInterruptPage>(fetcher, `${basePath}/interrupts?${query.toString()}`);
        if (!page.ok) return page;
        items.push(...page.value.items);
        cursor = page.value.nextCursor;
      } while (cursor !== undefined && items.length < maxItems);
      return { ok: true, value: { items, truncated: cursor !== undefined } };
    },
    threadInterrupt: (threadId) => call(fetcher, threadPath(threadId, "interrupt")),
    resume: (threadId, body) => call(fetcher, threadPath(threadId, "resume"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    listGrants: () => call(fetcher, `${basePath}/grants?limit=${PAGE_SIZE}`),
    revokeGrant: (grantId) => call(fetcher, `${basePath}/grants/${encodeURIComponent(grantId)}/revoke`, { method: "POST" }),
  };
}
