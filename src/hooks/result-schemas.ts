import { z } from "zod";
import { DECISION_TYPES } from "../decisions/decision-schema.js";
import type { ToolApprovalDecisionType } from "../payload/types.js";
import { MAX_TIMEOUT_MS } from "./time-bound.js";
import type { HookEvent } from "./types.js";
import { isPlainObject } from "../payload/json-type.js";
import { thrownText } from "../errors/thrown-text.js";
import { jsonObjectCopy } from "../payload/json-object-copy.js";

const plainObject = z.custom<Record<string, unknown>>(isPlainObject, { message: "expected a plain object" });

const runStop = {
  preventContinuation: z.boolean().optional(),
  stopReason: z.string().optional(),
  cancelRun: z.string().min(1, "cancelRun needs a reason").optional(),
};

/**
 * What each event's hooks may return. Hook answers cross a trust boundary (deployment code),
 * so they are parsed strictly: a misspelt field is an error, never silently ignored.
 */
export const hookResultSchemas = {
  PreToolUse: z.strictObject({
    decision: z.enum(["allow", "deny", "ask", "skip"]).optional(),
    reason: z.string().optional(),
    updatedInput: plainObject.optional(),
    allowedDecisions: z.array(z.enum(DECISION_TYPES as [ToolApprovalDecisionType, ...ToolApprovalDecisionType[]])).min(1).optional(),
    description: z.string().optional(),
    additionalContext: z.string().optional(),
    expiresInMs: z.number().finite().positive().max(MAX_TIMEOUT_MS * 1000).optional(),
    ...runStop,
  }),
  PostToolUse: z.strictObject({
    updatedOutput: z.string().optional(),
    additionalContext: z.string().optional(),
    ...runStop,
  }),
  PostToolUseFailure: z.strictObject({
    additionalContext: z.string().optional(),
    cancelRun: runStop.cancelRun,
  }),
  PostToolBatch: z.undefined().or(z.null()).or(z.strictObject({})),
  PermissionDenied: z.undefined().or(z.null()).or(z.strictObject({})),
} satisfies Record<HookEvent, z.ZodType>;

const DECISIONS: ReadonlySet<unknown> = new Set(hookResultSchemas.PreToolUse.shape.decision.unwrap().options);

/**
 * The decision of the commonest PreToolUse answer, `{ decision }` and nothing else (a plain
 * object, one own key, a known decision) — exactly what the schema would return for it, read
 * without running the schema. `undefined` for any other answer, which the schema parses.
 */
function bareDecision(value: unknown): "allow" | "deny" | "ask" | "skip" | undefined {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== "decision") return undefined;
  const decision = (value as { decision: unknown }).decision;
  return DECISIONS.has(decision) ? (decision as "allow" | "deny" | "ask" | "skip") : undefined;
}

type ParsedHookResult<E extends HookEvent> = { ok: true; value: z.infer<(typeof hookResultSchemas)[E]> | undefined } | { ok: false; message: string };

/**
 * Parses a hook's answer; `undefined`/`null` mean "nothing to say". The answer is deployment
 * code's object, read here once: a getter or proxy trap that throws while it is read makes it
 * invalid (never an error that escapes), and `updatedInput` is taken as the JSON data it stands
 * for — the arguments a model could have sent, as the payload and the checkpoint hold them — so
 * nothing read later (digests, the payload, the tool) can throw or see other values.
 *
 * @param event - The hook event whose schema applies.
 * @param value - What the hook answered.
 * @returns The parsed answer, or why it is invalid.
 * @example
 * ```ts
 * parseHookResult("PreToolUse", { decision: "ask", reason: "prod" }); // { ok: true, value: { decision: "ask", reason: "prod" } }
 * parseHookResult("PreToolUse", { decision: "allow", updatedInput: { n: 1n } }); // { ok: false, message: "updatedInput: …" }
 * ```
 */
export function parseHookResult<E extends HookEvent>(event: E, value: unknown): ParsedHookResult<E> {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  try {
    return parseAnswer(event, value);
  } catch (error) {
    return { ok: false, message: `reading the answer threw: ${thrownText(error)}` };
  }
}

function parseAnswer<E extends HookEvent>(event: E, value: unknown): ParsedHookResult<E> {
  const bare = event === "PreToolUse" ? bareDecision(value) : undefined;
  if (bare !== undefined) return { ok: true, value: { decision: bare } as z.infer<(typeof hookResultSchemas)[E]> };
  const parsed = hookResultSchemas[event].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? "" : `${issue.path.join(".")}: `;
    return { ok: false, message: `${where}${issue?.message ?? "invalid answer"}` };
  }
  const data = parsed.data as { updatedInput?: unknown };
  if (data.updatedInput === undefined) return { ok: true, value: parsed.data as z.infer<(typeof hookResultSchemas)[E]> };
  const input = jsonObjectCopy(data.updatedInput);
  if (input === undefined) return { ok: false, message: "updatedInput: expected a plain object of JSON data (a BigInt, a cycle or a toJSON that answers no object cannot be sent as arguments)" };
  return { ok: true, value: { ...data, updatedInput: input } as z.infer<(typeof hookResultSchemas)[E]> };
}
