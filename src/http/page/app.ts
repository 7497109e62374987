/**
 * The reviewer inbox page (browser code; bundled by scripts/build-page.mjs into
 * assets.generated.ts). It only talks to the handler's routes, same-origin, with the browser's
 * own credentials (cookies): it never sends a bearer token, and `EventSource` could not.
 * Updates arrive on the inbox's event stream; where that is unavailable it polls.
 */
import { createInboxApi } from "./logic/api.js";
import { applyChange, CHANGE_EVENTS, type Departure, type LiveInbox, type PendingInterruptChange } from "./logic/live-inbox.js";
import { explainProblem, placeDetails } from "./logic/place-problems.js";
import { reviewerLabel } from "./logic/outcomes.js";
import type { PendingInterruptRecord, ResumeResponse } from "./logic/wire-types.js";
import { approvalCard } from "./ui/approval-card.js";
import type { Card, SubmitHandler } from "./ui/card.js";
import { reconcile } from "./ui/reconcile.js";
import { questionCard } from "./ui/question-card.js";
import { goneEntry, resolvedEntry } from "./ui/resolved-entry.js";
import { mountShell } from "./ui/shell.js";
import { grantsPanel } from "./ui/grants-panel.js";

const REFRESH_EVERY_MS = 10_000;
/** After the event stream failed for good (refused, or no EventSource), try it again this often while polling. */
const RETRY_LIVE_MS = 30_000;

const basePath = document.body.dataset["basePath"] ?? "";
const api = createInboxApi(basePath);
const shell = mountShell(document.body);
const cards = new Map<string, Card>();
let refreshing: Promise<void> | undefined;
/** The open event stream, while updates arrive live; `undefined` while the page polls. */
let live: EventSource | undefined;
let liveInbox: LiveInbox = { items: [], truncated: false };

/** Standing grants: listed under the inbox, each revocable; hidden when the handler keeps none. */
const grants = grantsPanel((grant, button) => {
  button.setAttribute("aria-disabled", "true");
  void (async () => {
    const result = await api.revokeGrant(grant.id);
    if (!result.ok) {
      button.removeAttribute("aria-disabled");
      shell.announce(explainProblem(result.problem).headline);
      return;
    }
    shell.announce(`Revoked: calls of ${grant.toolName} it covered will be asked about again.`);
    await refreshGrants();
  })();
});
shell.list.closest("main")?.append(grants.element);

async function refreshGrants(): Promise<void> {
  const result = await api.listGrants();
  // A handler that keeps no grants answers 404: the panel stays hidden.
  grants.show(result.ok ? result.value.items : undefined, new Date());
}

function isReviewable(record: PendingInterruptRecord): boolean {
  // By shape, not by `type` alone: LangChain's per-call interrupts are `{ type: "tool_approval", tool_call_id, name, args }` too.
  const { payload } = record;
  return payload.type === "tool_approval" ? Array.isArray(payload.action_requests) && Array.isArray(payload.review_configs) : payload.type === "ask_user_question";
}

function createCard(record: PendingInterruptRecord): Card {
  const { payload } = record;
  return payload.type === "tool_approval" ? approvalCard({ ...record, payload }, submit, new Date()) : questionCard({ ...record, payload }, submit, new Date());
}

/** Brings the cards in line with `items` (the inbox, oldest first). */
function show(items: readonly PendingInterruptRecord[], truncated: boolean, reason: "first" | "auto" | "manual" | "after-submit" | "live"): void {
  shell.setBanner(undefined);
  const change = reconcile(shell.list, cards, items.filter(isReviewable), createCard);
  const now = new Date();
  cards.forEach((card) => card.tick(now));
  shell.setCount(cards.size, truncated);
  shell.setStatus(live === undefined ? `Updated at ${now.toLocaleTimeString("en-GB")}; refreshes every ${REFRESH_EVERY_MS / 1000} s.` : `Live: updated at ${now.toLocaleTimeString("en-GB")}.`);
  if (change.lostFocus) shell.focusPending();
  if (reason === "manual" || reason === "first") shell.announce(`${cards.size} waiting for you.`);
  else if (change.added > 0) shell.announce(`${change.added} new ${change.added === 1 ? "item" : "items"} waiting for you.`);
}

function refresh(reason: "first" | "auto" | "manual" | "after-submit"): Promise<void> {
  refreshing ??= (async () => {
    const result = await api.listPending();
    if (!result.ok) {
      shell.setBanner(explainProblem(result.problem).headline);
      shell.setStatus("Could not refresh.");
      return;
    }
    if (live !== undefined) liveInbox = { items: result.value.items, truncated: result.value.truncated };
    show(result.value.items, result.value.truncated, reason);
    await refreshGrants();
  })().finally(() => (refreshing = undefined));
  return refreshing;
}

function removeCard(card: Card): void {
  card.element.remove();
  cards.delete(card.record.interruptId);
  shell.setCount(cards.size, false);
}

// The item was answered again by someone else with a value the server refused: show what is pending now, in place.
async function replaceWithCurrent(card: Card, headline: string): Promise<boolean> {
  const current = await api.threadInterrupt(card.record.threadId);
  if (!current.ok) return false;
  const fresh = createCard({ ...card.record, interruptId: current.value.interruptId, payload: current.value.payload });
  card.element.replaceWith(fresh.element);
  cards.delete(card.record.interruptId);
  cards.set(fresh.record.interruptId, fresh);
  fresh.showProblems(headline, { byCall: new Map(), byQuestion: new Map(), general: [] });
  return true;
}

/** The problem code whose explanation fits a submission the node did not apply. */
function notAppliedCode(submission: ResumeResponse["submission"]): string | undefined {
  if (submission === "expired") return "INTERRUPT_EXPIRED";
  return submission === "superseded" ? "INTERRUPT_ALREADY_RESOLVED" : undefined;
}

const submit: SubmitHandler = (card, body, describe) => {
  card.setBusy(true);
  void (async () => {
    const result = await api.resume(card.record.threadId, body);
    card.setBusy(false);
    // The run went on, but not with these decisions: shown like the refusals that mean the same.
    const notApplied = result.ok ? notAppliedCode(result.value.submission) : undefined;
    if (notApplied !== undefined) {
      removeCard(card);
      const entry = goneEntry(card.record, explainProblem({ status: 200, code: notApplied, detail: "" }).headline);
      shell.addResolved(entry);
      entry.focus();
      await refresh("after-submit");
      return;
    }
    if (result.ok) {
      removeCard(card);
      const entry = resolvedEntry(card.record, result.value, describe(result.value), "comment" in body ? body.comment : undefined);
      shell.addResolved(entry);
      entry.focus();
      shell.announce(`Done. Decided by ${reviewerLabel(result.value.reviewer)}.`);
      await refresh("after-submit");
      return;
    }
    const { gone, headline } = explainProblem(result.problem);
    if (!gone) {
      card.showProblems(headline, placeDetails(result.problem.details ?? [], card.record.payload));
      return;
    }
    if (result.problem.code === "INTERRUPT_MISMATCH" && (await replaceWithCurrent(card, headline))) return;
    removeCard(card);
    const entry = goneEntry(card.record, headline);
    shell.addResolved(entry);
    entry.focus();
    await refresh("after-submit");
  })();
};

/** Someone else (another tab, another reviewer, the expiry job) resolved an item this page shows. */
function departed(departure: Departure): void {
  const card = cards.get(departure.interruptId);
  if (card === undefined || card.busy) return;
  removeCard(card);
  const headline =
    departure.why === "expired"
      ? explainProblem({ status: 410, code: "INTERRUPT_EXPIRED", detail: "" }).headline
      : "Resolved elsewhere: answered in another tab or by another reviewer.";
  shell.addResolved(goneEntry(card.record, headline));
  shell.announce(headline);
}

function onChange(change: PendingInterruptChange): void {
  const { inbox, departed: gone } = applyChange(liveInbox, change);
  liveInbox = inbox;
  if (gone !== undefined) departed(gone);
  show(liveInbox.items, liveInbox.truncated, change.type === "snapshot" ? "first" : "live");
  // A resolution elsewhere may have made a grant.
  if (change.type === "snapshot" || change.type === "resolved") void refreshGrants();
}

let polling: number | undefined;

function startPolling(): void {
  document.body.dataset["updates"] = "polling";
  polling ??= window.setInterval(() => {
    if (document.visibilityState === "visible") void refresh("auto");
  }, REFRESH_EVERY_MS);
}

/**
 * Subscribes to the inbox's event stream. EventSource reconnects by itself after a dropped
 * connection (the server then sends a fresh snapshot); when the server refuses the stream, or
 * the browser has no EventSource, the page polls and tries the stream again later.
 */
function goLive(): void {
  if (typeof EventSource !== "function") return startPolling();
  const source = new EventSource(`${basePath}/interrupts`);
  for (const type of CHANGE_EVENTS) {
    source.addEventListener(type, (event) => {
      if (live !== source) {
        live = source;
        document.body.dataset["updates"] = "live";
        if (polling !== undefined) window.clearInterval(polling);
        polling = undefined;
      }
      onChange(JSON.parse((event as MessageEvent<string>).data) as PendingInterruptChange);
    });
  }
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) return shell.setStatus("Connection lost; reconnecting…");
    if (live === source) live = undefined;
    startPolling();
    void refresh("auto");
    window.setTimeout(goLive, RETRY_LIVE_MS);
  });
}

shell.refreshButton.addEventListener("click", () => void refresh("manual"));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && live === undefined) void refresh("auto");
});
// Polling until the stream's first event arrives: a stream a proxy holds back never leaves the page stale.
startPolling();
void refresh("first");
goLive();
