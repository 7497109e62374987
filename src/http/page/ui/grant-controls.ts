import type { ToolApprovalGrantOffer, ToolApprovalGrantRequest, ToolApprovalInterruptPayload } from "../../../payload/types.js";
import { durationChoices, grantRequestOf, matchChoices, scopeLabel, type Choice } from "../logic/grants.js";
import { el, uid } from "./dom.js";

/** The "always allow" part of one call's approval: shown with Approve where the approval offers grants. */
interface GrantControls {
  element: HTMLFieldSetElement;
  /** The grant asked for, or `undefined` when "always allow" is not ticked. */
  request(): ToolApprovalGrantRequest | undefined;
}

function select<T>(label: string, choices: ReadonlyArray<Choice<T>>): { wrapper: HTMLElement; field: HTMLSelectElement; value(): T | undefined } {
  const id = uid("grant");
  const field = el("select", { id }, ...choices.map((choice, index) => el("option", { value: String(index) }, choice.label)));
  return { wrapper: el("div", { class: "field grant-field" }, el("label", { for: id }, label), field), field, value: () => choices[Number(field.value)]?.value };
}

/**
 * The controls of a standing grant: a checkbox ("Always allow"), then where, which calls and for
 * how long — only the choices the approval's offer allows. The selects are enabled only while the
 * box is ticked.
 *
 * @example
 * ```ts
 * const controls = grantControls("deploy", config.grants);
 * fieldset.append(controls.element);
 * ```
 */
export function grantControls(toolName: string, offer: ToolApprovalGrantOffer): GrantControls {
  const boxId = uid("always");
  const box = el("input", { type: "checkbox", id: boxId });
  const scope = select("Where", offer.scopes.map((candidate) => ({ label: scopeLabel(candidate), value: candidate.name })));
  const match = select("Which calls", matchChoices(offer));
  const duration = select("How long", durationChoices(offer));
  const fields = [scope.field, match.field, duration.field];
  const sync = (): void => fields.forEach((field) => (field.disabled = !box.checked));
  box.addEventListener("change", sync);
  sync();
  const element = el(
    "fieldset",
    { class: "grant" },
    el("legend", {}, "Always allow"),
    el("div", { class: "grant-toggle" }, box, el("label", { for: boxId }, `Also allow later calls of ${toolName} without asking`)),
    el("div", { class: "grant-fields" }, scope.wrapper, match.wrapper, duration.wrapper),
  );
  return {
    element,
    request() {
      const where = scope.value();
      const which = match.value();
      if (!box.checked || where === undefined || which === undefined) return undefined;
      return grantRequestOf(where, which, duration.value());
    },
  };
}

/**
 * The calls of the batch a standing grant covers: they need no decision and run with the others.
 *
 * @example
 * ```ts
 * const note = grantedNote(payload); // null when there are none
 * ```
 */
export function grantedNote(payload: ToolApprovalInterruptPayload): HTMLElement | null {
  const granted = payload.granted ?? [];
  if (granted.length === 0) return null;
  return el(
    "div",
    { class: "granted-note" },
    el("p", {}, "Also runs once you decide, under a standing grant:"),
    el("ul", {}, ...granted.map((call) => el("li", {}, el("span", { class: "tool-name" }, call.name), " ", el("span", { class: "call-id" }, `call ${call.tool_call_id}`)))),
  );
}
