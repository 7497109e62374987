import type { AskUserQuestionInterruptPayload, AskUserQuestionRequest } from "../../../payload/types.js";
import { contentText } from "../logic/format.js";
import type { DecidedLine } from "../logic/outcomes.js";
import { placeDetails } from "../logic/place-problems.js";
import { questionResumeBody, questionsOf, type AnswerDraft } from "../logic/resume-body.js";
import type { PendingInterruptRecord, ResumeResponse } from "../logic/wire-types.js";
import { cardFrame, frameCard, type Card, type SubmitHandler } from "./card.js";
import { el, problemList, uid } from "./dom.js";

/** One question: its options (radios, or checkboxes for multiSelect) and a free-text box when allowed. */
interface QuestionEditor {
  element: HTMLFieldSetElement;
  draft(): AnswerDraft;
  showProblems(messages: readonly string[]): void;
  focusTarget(): HTMLElement;
}

function questionEditor(question: AskUserQuestionRequest, solo: boolean): QuestionEditor {
  const options = question.options ?? [];
  const multi = question.multiSelect === true;
  const group = uid("answer");
  const problems = problemList("question-problems");
  const choices = options.map((option) => {
    const input = el("input", { type: multi ? "checkbox" : "radio", name: group, value: option.value, id: uid("option") });
    return { input, element: el("div", { class: "option" }, input, el("label", { for: input.id }, option.label)) };
  });
  const freeTextAllowed = question.allowFreeText !== false;
  const textId = uid("free-text");
  const text =
    !freeTextAllowed ? undefined : options.length === 0 ? el("textarea", { id: textId, rows: 3 }) : el("input", { type: "text", id: textId, autocomplete: "off" });
  text?.setAttribute("aria-describedby", problems.element.id);
  const textLabel = options.length === 0 ? "Your answer" : multi ? "Something else (optional)" : "Or type another answer";
  if (!multi && text !== undefined) {
    // One answer only: typing replaces the option picked, and picking an option clears the text.
    text.addEventListener("input", () => {
      if (text.value.trim() !== "") choices.forEach((choice) => (choice.input.checked = false));
    });
    choices.forEach((choice) => choice.input.addEventListener("change", () => (text.value = "")));
  }
  const element = el(
    "fieldset",
    { class: solo ? "question solo" : "question" },
    // A lone question is already the card's heading; its legend still names the group for screen readers.
    el("legend", { class: solo ? "visually-hidden" : undefined }, question.question),
    question.description === undefined ? null : el("p", { class: "why" }, question.description),
    choices.length === 0 ? null : el("div", { class: `options ${multi ? "multi" : "single"}` }, ...choices.map((choice) => choice.element)),
    text === undefined ? null : el("div", { class: "field" }, el("label", { for: textId }, textLabel), text),
    problems.element,
  );
  return {
    element,
    draft: () => ({ selected: choices.filter((choice) => choice.input.checked).map((choice) => choice.input.value), text: text?.value ?? "" }),
    showProblems(messages) {
      problems.set(messages);
      text?.setAttribute("aria-invalid", String(messages.length > 0));
      element.classList.toggle("invalid", messages.length > 0);
    },
    focusTarget: () => choices.find((choice) => choice.input.checked)?.input ?? choices[0]?.input ?? text ?? element,
  };
}

function answerWords(question: AskUserQuestionRequest, answer: string | string[] | undefined): string {
  const label = (value: string): string => question.options?.find((option) => option.value === value)?.label ?? value;
  if (answer === undefined) return "Answered";
  if (Array.isArray(answer)) return answer.length === 0 ? "Answered: none of the options" : `Answered: ${answer.map(label).join(", ")}`;
  return `Answered: ${label(answer)}`;
}

/**
 * The card of an `ask_user_question`: each question with its options (single or multiple
 * choice) and a free-text box when the question allows one.
 *
 * @example
 * ```ts
 * list.append(questionCard(record, onSubmit, new Date()).element);
 * ```
 */
export function questionCard(record: PendingInterruptRecord<AskUserQuestionInterruptPayload>, onSubmit: SubmitHandler, now: Date): Card {
  const { payload } = record;
  const questions = questionsOf(payload);
  const submitLabel = questions.length === 1 ? "Send answer" : "Send answers";
  const title = questions.length === 1 ? payload.question.question : `${questions.length} questions`;
  const frame = cardFrame(record, { kind: "Question", title, submitLabel, now });
  const editors = questions.map((question) => questionEditor(question, questions.length === 1));
  frame.form.prepend(...editors.map((editor) => editor.element));
  const card = frameCard(frame, record, (placed) => {
    editors.forEach((editor, index) => editor.showProblems(placed.byQuestion.get(index) ?? []));
    return editors.find((_, index) => placed.byQuestion.has(index))?.focusTarget();
  });
  if (payload.error !== undefined) {
    const placed = placeDetails(payload.error.details, payload);
    frame.showHeadline(`The previous answer was refused (${payload.error.code}): ${payload.error.message}`);
    editors.forEach((editor, index) => editor.showProblems(placed.byQuestion.get(index) ?? []));
  }
  frame.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (frame.busy) return;
    const built = questionResumeBody(record.interruptId, payload, editors.map((editor) => editor.draft()));
    if (!built.ok) {
      const byQuestion = new Map(built.issues.map((issue) => [issue.questionIndex ?? 0, [issue.message]]));
      card.showProblems("Answer every question first; nothing was sent.", { byCall: new Map(), byQuestion, general: [] });
      return;
    }
    const body = built.body;
    onSubmit(card, body, (response: ResumeResponse): DecidedLine[] =>
      questions.map((question) => {
        const answer = "answers" in body ? body.answers[question.question] : "answer" in body ? body.answer : undefined;
        const outcome = response.outcomes.find((candidate) => payload.tool_call_id !== undefined && candidate.tool_call_id === payload.tool_call_id);
        return { subject: question.question, decision: answerWords(question, answer), tone: "neutral", ...(outcome === undefined || questions.length > 1 ? {} : { result: contentText(outcome.content) }) };
      }),
    );
  });
  return card;
}
