import type { AskUserQuestionInterruptPayload, ToolApprovalInterruptPayload, ToolInput } from "./types.js";
import { isPlainObject } from "./json-type.js";

/**
 * Whether `value` is a tool input as the model sent it: an object, or a string (a `DynamicTool`'s).
 *
 * @example
 * ```ts
 * isToolInput("ls /tmp"); // true
 * isToolInput([1, 2]); // false
 * ```
 */
export function isToolInput(value: unknown): value is ToolInput {
  return typeof value === "string" || isPlainObject(value);
}

function isApprovalRequest(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    typeof value["tool_call_id"] === "string" &&
    typeof value["name"] === "string" &&
    isToolInput(value["arguments"]) &&
    // Payloads stored before `args` was added have none.
    (value["args"] === undefined || isToolInput(value["args"]))
  );
}

/** Decisions are matched to calls by id: a payload naming one id twice could apply a decision to the wrong call. */
function hasUniqueIds(requests: readonly unknown[]): boolean {
  const ids = requests.map((request) => (request as { tool_call_id: string }).tool_call_id);
  return new Set(ids).size === ids.length;
}

function isReviewConfig(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    typeof value["tool_call_id"] === "string" &&
    typeof value["action_name"] === "string" &&
    Array.isArray(value["allowed_decisions"]) &&
    (value["args_schema"] === undefined || isPlainObject(value["args_schema"]))
  );
}

/** Runs a structural check; a hostile value (a throwing getter or Proxy) is simply "not a match". */
function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/**
 * Type guard for a `tool_approval` interrupt payload. Accepts anything and never
 * throws, so it is safe on custom interrupt values from other nodes. A payload whose
 * `action_requests` name one `tool_call_id` twice is not one: no decision could be matched
 * to exactly the call it was made for.
 *
 * @param payload - Any value, typically `RunInterruptResult.payload`.
 * @returns Whether it has the `tool_approval` shape.
 * @example
 * ```ts
 * const pending = await getInterrupt(graph, config);
 * if (pending && isToolApprovalInterrupt(pending.payload)) render(pending.payload.action_requests);
 * ```
 */
export function isToolApprovalInterrupt(payload: unknown): payload is ToolApprovalInterruptPayload {
  return safely(() => {
    if (!isPlainObject(payload) || payload["type"] !== "tool_approval") return false;
    const requests = payload["action_requests"];
    const configs = payload["review_configs"];
    return (
      Array.isArray(requests) &&
      Array.isArray(configs) &&
      requests.every(isApprovalRequest) &&
      configs.every(isReviewConfig) &&
      hasUniqueIds(requests)
    );
  });
}

/**
 * Type guard for an `ask_user_question` interrupt payload. Accepts anything and never throws.
 *
 * @param payload - Any value, typically `RunInterruptResult.payload`.
 * @returns Whether it has the `ask_user_question` shape.
 * @example
 * ```ts
 * if (isAskUserQuestionInterrupt(pending.payload)) prompt(pending.payload.question.question);
 * ```
 */
export function isAskUserQuestionInterrupt(payload: unknown): payload is AskUserQuestionInterruptPayload {
  return safely(() => {
    if (!isPlainObject(payload) || payload["type"] !== "ask_user_question") return false;
    const question = payload["question"];
    return isPlainObject(question) && typeof question["question"] === "string";
  });
}
