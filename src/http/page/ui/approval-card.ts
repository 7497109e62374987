import type { ToolApprovalDecisionType, ToolApprovalInterruptPayload, ToolApprovalRequest, ToolApprovalReviewConfig } from "../../../payload/types.js";
import { decisionLine } from "../logic/outcomes.js";
import { placeDetails } from "../logic/place-problems.js";
import { approvalResumeBody, type DecisionDraft } from "../logic/resume-body.js";
import { schemaHints } from "../logic/schema-check.js";
import type { PendingInterruptRecord } from "../logic/wire-types.js";
import { argumentsView } from "./arguments-view.js";
import { cardFrame, frameCard, type Card, type SubmitHandler } from "./card.js";
import { grantControls, grantedNote } from "./grant-controls.js";
import { el, problemList, uid } from "./dom.js";

// Reject goes last: the least reversible choice sits furthest from the first Tab stop.
const ORDER: ToolApprovalDecisionType[] = ["approve", "edit", "respond", "reject"];
const LABELS: Record<ToolApprovalDecisionType, string> = { approve: "Approve", edit: "Edit", respond: "Respond", reject: "Reject" };

/** One call of an approval: its view, its decision buttons and the field its decision needs. */
interface CallEditor {
  request: ToolApprovalRequest;
  element: HTMLFieldSetElement;
  draft(): DecisionDraft | undefined;
  showProblems(messages: readonly string[]): void;
  /** The control to focus when this call needs attention. */
  focusTarget(): HTMLElement;
}

function textField(label: string, options: { value?: string; code?: boolean; rows?: number }): { wrapper: HTMLElement; field: HTMLTextAreaElement } {
  const id = uid("field");
  const field = el("textarea", { id, rows: options.rows ?? 3, class: options.code === true ? "code" : undefined, spellcheck: options.code === true ? "false" : undefined });
  field.value = options.value ?? "";
  return { wrapper: el("div", { class: "field" }, el("label", { for: id }, label), field), field };
}

/** What the tool expects, from its `args_schema`, shown under the edit field. */
function schemaHintList(config: ToolApprovalReviewConfig | undefined): HTMLElement | null {
  const hints = schemaHints(config?.args_schema);
  if (hints.length === 0) return null;
  return el("ul", { id: uid("hints"), class: "schema-hints", "aria-label": "Expected arguments" }, ...hints.map((hint) => el("li", {}, hint)));
}

function callEditor(request: ToolApprovalRequest, config: ToolApprovalReviewConfig | undefined): CallEditor {
  const allowed = config?.allowed_decisions ?? [];
  let chosen: ToolApprovalDecisionType | undefined;
  const problems = problemList("call-problems");
  const reason = textField("Reason for rejecting (optional; the model sees it)", {});
  const edit = textField("New arguments (JSON)", { value: JSON.stringify(request.arguments, null, 2), code: true, rows: Math.min(14, JSON.stringify(request.arguments, null, 2).split("\n").length + 1) });
  const respond = textField("Result the model sees instead of running the tool", {});
  const hints = schemaHintList(config);
  if (hints !== null) edit.wrapper.append(hints);
  edit.field.setAttribute("aria-describedby", [hints?.id, problems.element.id].filter((id) => id !== undefined).join(" "));
  const grant = config?.grants === undefined ? undefined : grantControls(request.name, config.grants);
  const panels: Partial<Record<ToolApprovalDecisionType, HTMLElement>> = { reject: reason.wrapper, edit: edit.wrapper, respond: respond.wrapper, ...(grant === undefined ? {} : { approve: grant.element }) };
  Object.values(panels).forEach((panel) => (panel.hidden = true));
  const buttons = ORDER.filter((type) => allowed.includes(type)).map((type) =>
    el("button", { type: "button", class: `decision decision-${type}`, "aria-pressed": "false", "data-decision": type }, LABELS[type]),
  );
  const choose = (type: ToolApprovalDecisionType | undefined): void => {
    chosen = type;
    buttons.forEach((button) => button.setAttribute("aria-pressed", String(button.dataset["decision"] === type)));
    for (const [panelType, panel] of Object.entries(panels)) panel.hidden = panelType !== type;
  };
  buttons.forEach((button) => button.addEventListener("click", () => choose(chosen === button.dataset["decision"] ? undefined : (button.dataset["decision"] as ToolApprovalDecisionType))));
  const legend = el("legend", {}, el("span", { class: "tool-name" }, request.name), " ", el("span", { class: "call-id" }, `call ${request.tool_call_id}`));
  const element = el(
    "fieldset",
    { class: "call", "data-tool-call-id": request.tool_call_id },
    legend,
    request.description === undefined ? null : el("p", { class: "why" }, request.description),
    argumentsView(request.arguments),
    el("div", { class: "decisions", role: "group", "aria-label": `Decision for ${request.name} (call ${request.tool_call_id})` }, ...buttons),
    grant?.element ?? null,
    reason.wrapper,
    edit.wrapper,
    respond.wrapper,
    problems.element,
  );
  return {
    request,
    element,
    draft() {
      switch (chosen) {
        case undefined:
          return undefined;
        case "approve": {
          const asked = grant?.request();
          return asked === undefined ? { type: "approve" } : { type: "approve", grant: asked };
        }
        case "reject":
          return { type: "reject", reason: reason.field.value };
        case "edit":
          return { type: "edit", text: edit.field.value };
        case "respond":
          return { type: "respond", text: respond.field.value };
      }
    },
    showProblems(messages) {
      problems.set(messages);
      const field = chosen === "edit" ? edit.field : chosen === "respond" ? respond.field : undefined;
      [edit.field, respond.field].forEach((candidate) => candidate.setAttribute("aria-invalid", String(candidate === field && messages.length > 0)));
      element.classList.toggle("invalid", messages.length > 0);
    },
    focusTarget() {
      if (chosen === "edit") return edit.field;
      if (chosen === "respond") return respond.field;
      return buttons.find((button) => button.dataset["decision"] === chosen) ?? buttons[0] ?? element;
    },
  };
}

/**
 * The card of a `tool_approval`: per call its tool, why a person is asked, its arguments and
 * only the decision buttons its `allowed_decisions` permit; one submit sends every decision,
 * keyed by `tool_call_id`.
 *
 * @example
 * ```ts
 * list.append(approvalCard(record, onSubmit, new Date()).element);
 * ```
 */
export function approvalCard(record: PendingInterruptRecord<ToolApprovalInterruptPayload>, onSubmit: SubmitHandler, now: Date): Card {
  const { payload } = record;
  const names = payload.action_requests.map((request) => request.name);
  const single = payload.action_requests.length === 1;
  const submitLabel = single ? "Submit decision" : `Submit ${payload.action_requests.length} decisions`;
  const title = single ? `${names[0]}` : `${payload.action_requests.length} tool calls: ${names.join(", ")}`;
  const frame = cardFrame(record, { kind: "Approval", title, submitLabel, now });
  const editors = payload.action_requests.map((request) => callEditor(request, payload.review_configs.find((config) => config.tool_call_id === request.tool_call_id)));
  const comment = el("input", { type: "text", id: uid("comment"), autocomplete: "off" });
  frame.form.prepend(
    ...editors.map((editor) => editor.element),
    ...[grantedNote(payload)].filter((note): note is HTMLElement => note !== null),
    el("div", { class: "field comment" }, el("label", { for: comment.id }, "Comment (optional; saved with your decisions)"), comment),
  );
  const card = frameCard(frame, record, (placed) => {
    editors.forEach((editor) => editor.showProblems(placed.byCall.get(editor.request.tool_call_id) ?? []));
    return editors.find((editor) => placed.byCall.has(editor.request.tool_call_id))?.focusTarget();
  });
  if (payload.error !== undefined) {
    const placed = placeDetails(payload.error.details, payload);
    frame.showHeadline(`The previous answer was refused (${payload.error.code}): ${payload.error.message} Nothing ran.`);
    editors.forEach((editor) => editor.showProblems(placed.byCall.get(editor.request.tool_call_id) ?? []));
  }
  frame.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (frame.busy) return;
    const drafts = new Map(editors.flatMap((editor) => {
      const draft = editor.draft();
      return draft === undefined ? [] : [[editor.request.tool_call_id, draft] as const];
    }));
    const built = approvalResumeBody(record.interruptId, payload, drafts, comment.value);
    if (!built.ok) {
      const byCall = new Map<string, string[]>();
      built.issues.forEach((issue) => byCall.set(issue.toolCallId ?? "", [...(byCall.get(issue.toolCallId ?? "") ?? []), issue.message]));
      card.showProblems("Some calls need your attention; nothing was sent.", { byCall, byQuestion: new Map(), general: [] });
      return;
    }
    onSubmit(card, built.body, (response) =>
      editors.map((editor) => {
        const type = drafts.get(editor.request.tool_call_id)?.type ?? "approve";
        return decisionLine(editor.request.name, type, response.outcomes.find((outcome) => outcome.tool_call_id === editor.request.tool_call_id));
      }),
    );
  });
  return card;
}
