import type { AskUserQuestionInterruptPayload, ToolApprovalInterruptPayload } from "./types.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isApprovalRequest(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value["tool_call_id"] === "string" &&
    typeof value["name"] === "string" &&
    isRecord(value["arguments"]) &&
    // Payloads stored before `args` was added have none; when present it must be an object.
    (value["args"] === undefined || isRecord(value["args"]))
  );
}

function isReviewConfig(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value["tool_call_id"] === "string" &&
    typeof value["action_name"] === "string" &&
    Array.isArray(value["allowed_decisions"]) &&
    (value["args_schema"] === undefined || isRecord(value["args_schema"]))
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
 * throws, so it is safe on custom interrupt values from other nodes.
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
    if (!isRecord(payload) || payload["type"] !== "tool_approval") return false;
    const requests = payload["action_requests"];
    const configs = payload["review_configs"];
    return (
      Array.isArray(requests) &&
      Array.isArray(configs) &&
      requests.every(isApprovalRequest) &&
      configs.every(isReviewConfig)
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
    if (!isRecord(payload) || payload["type"] !== "ask_user_question") return false;
    const question = payload["question"];
    return isRecord(question) && typeof question["question"] === "string";
  });
}
