import type { AskUserQuestionInterruptPayload, AskUserQuestionRequest, GrantMatchKind, ToolApprovalDecisionType, ToolApprovalGrantOffer, ToolApprovalInterruptPayload } from "./types.js";

/** A JSON Schema object (draft 2020-12), as LangGraph publishes it on `Interrupt.response_schema`. */
export type ResponseSchema = Record<string, unknown>;

const APPROVAL_DESCRIPTION = "Decisions by tool_call_id";

function strictObject(properties: Record<string, unknown>, required: string[]): ResponseSchema {
  return { type: "object", properties, required, additionalProperties: false };
}

/** A decision variant: its own fields only. `type: "object"` is said once, by the call's entry that unites them. */
function variant(properties: Record<string, unknown>, required: string[]): ResponseSchema {
  return { properties, required, additionalProperties: false };
}

/** The decisions that carry no tool arguments are the same for every call: one definition each. */
const PLAIN_DECISIONS: Record<Exclude<ToolApprovalDecisionType, "edit">, ResponseSchema> = {
  approve: variant({ type: { const: "approve" } }, ["type"]),
  reject: variant({ type: { const: "reject" }, reason: { type: "string" } }, ["type"]),
  respond: variant({ type: { const: "respond" }, responseText: { type: "string" } }, ["type", "responseText"]),
};

/** An edit replaces the whole input with an object; the tool's JSON Schema when it describes one. */
function editSchema(argsSchema: Record<string, unknown> | undefined): ResponseSchema {
  const updatedInput = argsSchema?.["type"] === "object" ? argsSchema : { type: "object" };
  return variant({ type: { const: "edit" }, updatedInput }, ["type", "updatedInput"]);
}

const MATCH_FIELDS: Record<GrantMatchKind, (offer: ToolApprovalGrantOffer) => Record<string, unknown>> = {
  arguments: () => ({}),
  tool: () => ({}),
  schema: () => ({ schema: { type: "object" } }),
  predicate: (offer) => ({ name: { enum: offer.predicates ?? [] } }),
};

/** An approve that may carry a standing grant: only the scopes, narrowings and duration the call's offer allows. */
function approveWithGrant(offer: ToolApprovalGrantOffer): ResponseSchema {
  const matches = offer.matches.map((kind) => {
    const fields = MATCH_FIELDS[kind](offer);
    return strictObject({ kind: { const: kind }, ...fields }, ["kind", ...Object.keys(fields)]);
  });
  const duration = { type: "integer", minimum: 1, ...(offer.max_duration_ms === undefined ? {} : { maximum: offer.max_duration_ms }) };
  const grant = strictObject(
    { scope: { enum: offer.scopes.map((scope) => scope.name) }, match: { anyOf: matches }, expiresInMs: duration },
    offer.max_duration_ms === undefined ? ["scope"] : ["scope", "expiresInMs"],
  );
  return variant({ type: { const: "approve" }, grant }, ["type"]);
}

/**
 * Collects `$defs` so that every call of one tool with the same allowed decisions points at one
 * entry; an entry used only once is written in place instead (a `$ref` to it would only add bytes).
 */
class Definitions {
  readonly #defs: Record<string, ResponseSchema> = {};
  readonly #keys = new Map<string, string>();
  readonly #uses = new Map<string, ResponseSchema[]>();

  /** A use of the entry for `identity` (built once): `{ ...around, $ref }`, the object that stands in the schema. */
  ref(identity: string, build: () => ResponseSchema, around: ResponseSchema = {}): ResponseSchema {
    let key = this.#keys.get(identity);
    if (key === undefined) {
      key = `d${this.#keys.size}`;
      this.#keys.set(identity, key);
      this.#uses.set(key, []);
      this.#defs[key] = build();
    }
    // The use itself is what the schema holds (never a copy of it), so writing it in place reaches the schema.
    const use: ResponseSchema = { ...around, $ref: `#/$defs/${key}` };
    this.#uses.get(key)!.push(use);
    return use;
  }

  /**
   * The entries used more than once; every other one now stands where it was used. Newest first:
   * an entry used once was made while building the one that holds its use, so it is written in
   * place before that one is copied into its own use.
   */
  shared(): Record<string, ResponseSchema> {
    for (const [key, uses] of [...this.#uses].reverse()) {
      const [only] = uses;
      if (uses.length !== 1 || only === undefined) continue;
      delete only["$ref"];
      Object.assign(only, this.#defs[key]);
      delete this.#defs[key];
    }
    return this.#defs;
  }
}

function decisionOf(defs: Definitions, type: ToolApprovalDecisionType, tool: string, config: ToolApprovalInterruptPayload["review_configs"][number] | undefined, around: ResponseSchema): ResponseSchema {
  const offer = config?.grants;
  if (type === "approve" && offer !== undefined) return defs.ref(`approve\u0000${JSON.stringify(offer)}`, () => approveWithGrant(offer), around);
  if (type !== "edit") return defs.ref(type, () => PLAIN_DECISIONS[type], around);
  return defs.ref(`edit\u0000${tool}`, () => editSchema(config?.args_schema), around);
}

/**
 * The JSON Schema of the resume values a `tool_approval` accepts, in its canonical form: an
 * object with one decision per `tool_call_id`, each limited to that call's `allowed_decisions`,
 * an `edit`'s `updatedInput` described by the tool's `args_schema`, an `approve` carrying a
 * `grant` only where the call's review config offers one. Every call of one tool with
 * the same allowed decisions shares one `$defs` entry, so ten calls of a tool cost ten short
 * `$ref`s, not ten copies of its schema; what only one call uses is written in place.
 *
 * @param payload - The approval as raised (its `error`, if any, changes nothing).
 * @returns The schema LangGraph publishes as the interrupt's `response_schema`.
 * @example
 * ```ts
 * approvalResponseSchema(payload).required; // ["call_1", "call_2"]
 * ```
 */
export function approvalResponseSchema(payload: ToolApprovalInterruptPayload): ResponseSchema {
  const defs = new Definitions();
  const properties: Record<string, ResponseSchema> = {};
  for (const request of payload.action_requests) {
    const config = payload.review_configs.find((candidate) => candidate.tool_call_id === request.tool_call_id);
    const allowed = config?.allowed_decisions ?? [];
    const identity = `${request.name}\u0000${allowed.join(",")}${config?.grants === undefined ? "" : `\u0000${JSON.stringify(config.grants)}`}`;
    properties[request.tool_call_id] = defs.ref(identity, () => {
      // A lone decision carries the entry's `type: "object"` itself.
      const around: ResponseSchema = allowed.length === 1 ? { type: "object" } : {};
      const variants = allowed.map((type) => decisionOf(defs, type, request.name, config, around));
      return variants.length === 0 ? { not: {} } : variants.length === 1 ? variants[0]! : { type: "object", anyOf: variants };
    });
  }
  const shared = defs.shared();
  return {
    ...strictObject(properties, payload.action_requests.map((request) => request.tool_call_id)),
    description: APPROVAL_DESCRIPTION,
    ...(Object.keys(shared).length === 0 ? {} : { $defs: shared }),
  };
}

function answerSchema(question: AskUserQuestionRequest): ResponseSchema {
  const values = (question.options ?? []).map((option) => option.value);
  const one: ResponseSchema = values.length > 0 && question.allowFreeText === false ? { enum: values } : { type: "string" };
  return question.multiSelect === true ? { type: "array", items: one } : one;
}

/**
 * The JSON Schema of the answers an `ask_user_question` accepts: `{ answer }` (an array of
 * option values when `multiSelect`), or `{ answers: { [question text]: answer } }` when the
 * payload asks several `questions`; answers outside `options` only when free text is allowed.
 *
 * @param payload - The question as raised.
 * @returns The schema LangGraph publishes as the interrupt's `response_schema`.
 * @example
 * ```ts
 * questionResponseSchema({ type: "ask_user_question", question: { question: "Ready?" } });
 * // { type: "object", properties: { answer: { type: "string" } }, required: ["answer"], additionalProperties: false }
 * ```
 */
export function questionResponseSchema(payload: AskUserQuestionInterruptPayload): ResponseSchema {
  const { questions } = payload;
  if (questions === undefined) return strictObject({ answer: answerSchema(payload.question) }, ["answer"]);
  const answers = strictObject(Object.fromEntries(questions.map((question) => [question.question, answerSchema(question)])), questions.map((question) => question.question));
  return strictObject({ answers }, ["answers"]);
}

/**
 * The `response_schema` of one of this library's interrupt payloads.
 *
 * @param payload - A `tool_approval` or `ask_user_question` payload this library built.
 * @returns Its schema.
 * @example
 * ```ts
 * interrupt(payload, { responseSchema: responseSchemaOf(payload) });
 * ```
 */
export function responseSchemaOf(payload: ToolApprovalInterruptPayload | AskUserQuestionInterruptPayload): ResponseSchema {
  return payload.type === "tool_approval" ? approvalResponseSchema(payload) : questionResponseSchema(payload);
}
