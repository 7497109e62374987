import { relativeTime } from "../logic/format.js";
import type { DecidedLine } from "../logic/outcomes.js";
import type { PlacedProblems } from "../logic/place-problems.js";
import type { PendingInterruptRecord, ResumeRequestBody, ResumeResponse } from "../logic/wire-types.js";
import { el, uid } from "./dom.js";

/** A pending item on the page: an approval or a question, with its form. */
export interface Card {
  readonly element: HTMLLIElement;
  readonly record: PendingInterruptRecord;
  /** Changes when the payload changes (e.g. re-raised with an `error`): then the card is rebuilt. */
  readonly key: string;
  /** True while its resume request is in flight; a refresh leaves a busy card alone. */
  readonly busy: boolean;
  setBusy(busy: boolean): void;
  /** Shows why a submission was refused: a headline, and each detail next to its call or question. */
  showProblems(headline: string, placed: PlacedProblems): void;
  /** Refreshes "raised 3 min ago" and "expires in…". */
  tick(now: Date): void;
}

/** Called with a ready request body and a way to describe the decisions once the server answers. */
export type SubmitHandler = (card: Card, body: ResumeRequestBody, describe: (response: ResumeResponse) => DecidedLine[]) => void;

/** The parts every card shares: the list item, its heading, its alert and its submit button. */
interface CardFrame {
  element: HTMLLIElement;
  form: HTMLFormElement;
  alert: HTMLElement;
  submit: HTMLButtonElement;
  /** True while the card's resume request is in flight. */
  readonly busy: boolean;
  tick(now: Date): void;
  setBusy(busy: boolean): void;
  showHeadline(headline: string | undefined): void;
}

/**
 * The key a card is rebuilt on: the payload as the server sent it, and its deadline.
 *
 * @example
 * ```ts
 * if (card.key !== cardKey(record)) card.element.replaceWith(approvalCard(record, onSubmit, now).element);
 * ```
 */
export function cardKey(record: PendingInterruptRecord): string {
  return JSON.stringify([record.payload, record.expiresAt ?? null]);
}

function timeText(label: string, iso: string, now: Date): string {
  return `${label} ${relativeTime(iso, now)}`;
}

/**
 * The frame of a card: a list item holding an `<article>` labelled by its heading, a meta
 * line (thread, age, deadline), an alert area and a form ending in a submit button.
 *
 * @example
 * ```ts
 * const frame = cardFrame(record, { kind: "Approval", title: "deploy", submitLabel: "Submit decision", now: new Date() });
 * frame.form.prepend(fieldsets);
 * ```
 */
export function cardFrame(record: PendingInterruptRecord, options: { kind: string; title: string; submitLabel: string; now: Date }): CardFrame {
  const headingId = uid("card-title");
  const kindId = uid("card-kind");
  const raised = el("time", { datetime: record.createdAt });
  const expiresAt = record.expiresAt ?? (record.payload.type === "tool_approval" ? record.payload.expires_at : undefined);
  const expires = expiresAt === undefined ? undefined : el("time", { datetime: expiresAt, class: "deadline" });
  const alert = el("div", { class: "card-alert", role: "alert", tabindex: -1, hidden: true });
  const submit = el("button", { type: "submit", class: "primary" }, options.submitLabel);
  const form = el("form", { class: "card-form", novalidate: true, "aria-labelledby": headingId }, el("div", { class: "actions" }, submit));
  const article = el(
    "article",
    { class: `card ${record.payload.type}`, "aria-labelledby": `${kindId} ${headingId}` },
    el("header", {}, el("p", { class: `kind kind-${record.payload.type}`, id: kindId }, options.kind), el("h3", { id: headingId }, options.title)),
    el("p", { class: "meta" }, "Thread ", el("code", {}, record.threadId), " · ", raised, expires === undefined ? null : " · ", expires ?? null),
    alert,
    form,
  );
  let busy = false;
  const frame: CardFrame = {
    element: el("li", { class: "card-item" }, article),
    form,
    alert,
    submit,
    tick(now) {
      raised.textContent = timeText("raised", record.createdAt, now);
      if (expires !== undefined && expiresAt !== undefined) {
        const past = Date.parse(expiresAt) <= now.getTime();
        expires.textContent = past ? "deadline passed" : timeText("expires", expiresAt, now);
        expires.classList.toggle("past", past);
      }
    },
    get busy() {
      return busy;
    },
    setBusy(next) {
      busy = next;
      // aria-disabled rather than disabled: a disabled button drops keyboard focus to <body>.
      submit.setAttribute("aria-disabled", String(next));
      submit.textContent = next ? "Submitting…" : options.submitLabel;
      article.setAttribute("aria-busy", String(next));
    },
    showHeadline(headline) {
      alert.textContent = headline ?? "";
      alert.hidden = headline === undefined;
    },
  };
  frame.tick(options.now);
  return frame;
}

/**
 * A card made of a frame and what the card's own fields do with a refused submission: the
 * headline goes in the frame's alert, `placeOnFields` puts each detail next to its field and
 * returns the field to focus (the alert when none).
 *
 * @example
 * ```ts
 * const card = frameCard(frame, record, (placed) => { editors.forEach(showEach); return firstInvalid?.focusTarget(); });
 * ```
 */
export function frameCard(frame: CardFrame, record: PendingInterruptRecord, placeOnFields: (placed: PlacedProblems) => HTMLElement | undefined): Card {
  return {
    element: frame.element,
    record,
    key: cardKey(record),
    get busy() {
      return frame.busy;
    },
    setBusy: frame.setBusy,
    showProblems(headline, placed) {
      frame.showHeadline([headline, ...placed.general].join(" "));
      (placeOnFields(placed) ?? frame.alert).focus();
    },
    tick: frame.tick,
  };
}
