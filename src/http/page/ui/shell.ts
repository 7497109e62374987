import { el } from "./dom.js";

/** The page's fixed parts, and what the app does with them. */
interface Shell {
  list: HTMLUListElement;
  refreshButton: HTMLButtonElement;
  setStatus(text: string): void;
  setCount(count: number, truncated: boolean): void;
  /** A page-wide problem (signed out, server unreachable); `undefined` clears it. */
  setBanner(text: string | undefined): void;
  /** Says something to screen readers without moving focus. */
  announce(text: string): void;
  addResolved(entry: HTMLElement): void;
  focusPending(): void;
}

/**
 * Builds the page skeleton: a header with the refresh button, a banner, a polite live region,
 * the pending list and the "resolved here" list.
 *
 * @example
 * ```ts
 * const shell = mountShell(document.body);
 * shell.setCount(3, false);
 * ```
 */
export function mountShell(root: HTMLElement): Shell {
  const status = el("p", { class: "status" }, "Loading…");
  const refreshButton = el("button", { type: "button", class: "secondary refresh" }, "Refresh");
  const banner = el("div", { class: "banner", role: "alert", hidden: true });
  const live = el("div", { class: "visually-hidden", role: "status", "aria-live": "polite" });
  const pendingTitle = el("h2", { id: "pending-title", tabindex: -1 }, "Waiting for you");
  const empty = el("p", { class: "empty", hidden: true }, "Nothing is waiting for you. New approvals and questions appear here by themselves.");
  const list = el("ul", { class: "cards" });
  const resolvedList = el("ul", { class: "resolved-list" });
  const resolvedSection = el("section", { class: "resolved-section", "aria-labelledby": "resolved-title", hidden: true }, el("h2", { id: "resolved-title" }, "Resolved here"), resolvedList);
  root.append(
    el("header", { class: "top" }, el("div", {}, el("h1", {}, "Approvals inbox"), status), refreshButton),
    banner,
    live,
    el("main", {}, el("section", { "aria-labelledby": "pending-title" }, pendingTitle, empty, list), resolvedSection),
  );
  return {
    list,
    refreshButton,
    setStatus: (text) => (status.textContent = text),
    setCount(count, truncated) {
      pendingTitle.textContent = `Waiting for you (${count}${truncated ? "+" : ""})`;
      empty.hidden = count > 0;
      document.title = count > 0 ? `(${count}) Approvals inbox` : "Approvals inbox";
    },
    setBanner(text) {
      banner.textContent = text ?? "";
      banner.hidden = text === undefined;
    },
    announce(text) {
      // Clearing first makes screen readers repeat a message identical to the last one.
      live.textContent = "";
      window.setTimeout(() => (live.textContent = text), 50);
    },
    addResolved(entry) {
      resolvedSection.hidden = false;
      resolvedList.prepend(entry);
    },
    focusPending: () => pendingTitle.focus(),
  };
}
