import type { StandingGrant } from "../../../grants/types.js";
import { describeGrant } from "../logic/grants.js";
import { el } from "./dom.js";

/** The page's list of active standing grants, each with a Revoke button. */
interface GrantsPanel {
  element: HTMLElement;
  /** Shows `grants` (hidden when there are none); `undefined` hides the panel (the handler keeps no grants). */
  show(grants: readonly StandingGrant[] | undefined, now: Date): void;
}

/**
 * Builds the "Standing grants" section. `onRevoke` is called with the grant and its button.
 *
 * @example
 * ```ts
 * const panel = grantsPanel((grant, button) => revoke(grant.id, button));
 * main.append(panel.element);
 * ```
 */
export function grantsPanel(onRevoke: (grant: StandingGrant, button: HTMLButtonElement) => void): GrantsPanel {
  const list = el("ul", { class: "grants-list" });
  const element = el("section", { class: "grants-section", "aria-labelledby": "grants-title", hidden: true }, el("h2", { id: "grants-title" }, "Standing grants"), list);
  return {
    element,
    show(grants, now) {
      element.hidden = grants === undefined || grants.length === 0;
      list.replaceChildren(
        ...(grants ?? []).map((grant) => {
          const text = describeGrant(grant, now);
          const button = el("button", { type: "button", class: "secondary revoke", "aria-label": `Revoke: ${text}` }, "Revoke");
          button.addEventListener("click", () => onRevoke(grant, button));
          return el("li", { class: "grant-entry", "data-grant-id": grant.id }, el("span", { class: "grant-text" }, text), button);
        }),
      );
    },
  };
}
