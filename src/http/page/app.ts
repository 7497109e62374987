/**
 * The reviewer inbox page (browser code; bundled by scripts/build-page.mjs into
 * assets.generated.ts). It only talks to the handler's JSON routes, same-origin.
 */
import { createInboxApi } from "./logic/api.js";
import { explainProblem, placeDetails } from "./logic/place-problems.js";
import { reviewerLabel } from "./logic/outcomes.js";
import type { PendingInterruptRecord, ResumeResponse } from "./logic/wire-types.js";
import { approvalCard } from "./ui/approval-card.js";
import type { Card, SubmitHandler } from "./ui/card.js";
import { reconcile } from "./ui/reconcile.js";
import { questionCard } from "./ui/question-card.js";
import { goneEntry, resolvedEntry } from "./ui/resolved-entry.js";
import { mountShell } from "./ui/shell.js";

const REFRESH_EVERY_MS = 10_000;

const api = createInboxApi(document.body.dataset["basePath"] ?? "");
const shell = mountShell(document.body);
const cards = new Map<string, Card>();
let refreshing: Promise<void> | undefined;

function isReviewable(record: PendingInterruptRecord): boolean {
  // By shape, not by `type` alone: LangChain's per-call interrupts are `{ type: "tool_approval", tool_call_id, name, args }` too.
  const { payload } = record;
  return payload.type === "tool_approval" ? Array.isArray(payload.action_requests) && Array.isArray(payload.review_configs) : payload.type === "ask_user_question";
}

function createCard(record: PendingInterruptRecord): Card {
  const { payload } = record;
  return payload.type === "tool_approval" ? approvalCard({ ...record, payload }, submit, new Date()) : questionCard({ ...record, payload }, submit, new Date());
}

function refresh(reason: "first" | "auto" | "manual" | "after-submit"): Promise<void> {
  refreshing ??= (async () => {
    const result = await api.listPending();
    if (!result.ok) {
      shell.setBanner(explainProblem(result.problem).headline);
      shell.setStatus("Could not refresh.");
      return;
    }
    shell.setBanner(undefined);
    const change = reconcile(shell.list, cards, result.value.items.filter(isReviewable), createCard);
    const now = new Date();
    cards.forEach((card) => card.tick(now));
    shell.setCount(cards.size, result.value.truncated);
    shell.setStatus(`Updated at ${now.toLocaleTimeString("en-GB")}; refreshes every ${REFRESH_EVERY_MS / 1000} s.`);
    if (change.lostFocus) shell.focusPending();
    if (reason === "manual" || reason === "first") shell.announce(`${cards.size} waiting for you.`);
    else if (change.added > 0) shell.announce(`${change.added} new ${change.added === 1 ? "item" : "items"} waiting for you.`);
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

shell.refreshButton.addEventListener("click", () => void refresh("manual"));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") void refresh("auto");
});
window.setInterval(() => {
  if (document.visibilityState === "visible") void refresh("auto");
}, REFRESH_EVERY_MS);
void refresh("first");
