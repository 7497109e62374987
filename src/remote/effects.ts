import { z } from "zod";
import { DECISION_TYPES } from "../decisions/decision-schema.js";
import type { PreToolUseResult } from "../hooks/types.js";
import type { ToolApprovalDecisionType, ToolInput } from "../payload/types.js";
import { isPlainObject } from "../payload/json-type.js";

const plainObject = z.custom<Record<string, unknown>>(isPlainObject, { message: "expected a JSON object" });

const reverseDns = /^(?:[A-Za-z][A-Za-z0-9_-]*\.)+[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The effects a backend may answer to `tool.before`, each parsed strictly (an unknown field
 * is a protocol failure, never ignored). `deny`, `allow` and `modify` are the protocol
 * draft's shapes; the draft's `ask` carries no fields, so `reason` and `allowedDecisions`
 * on it are this library's (optional) additions.
 */
export const effectSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("deny"),
    reason: z.string().min(1),
    code: z.string().regex(reverseDns).optional(),
    extensions: plainObject.optional(),
  }),
  z.strictObject({ type: z.literal("allow") }),
  z.strictObject({
    type: z.literal("ask"),
    reason: z.string().min(1).optional(),
    allowedDecisions: z.array(z.enum(DECISION_TYPES as [ToolApprovalDecisionType, ...ToolApprovalDecisionType[]])).min(1).optional(),
  }),
  z.strictObject({
    type: z.literal("modify"),
    target: z.literal("input"),
    operation: z.enum(["replace", "merge"]),
    value: plainObject,
  }),
]);

/** One effect a backend answered. */
export type RemoteEffect = z.infer<typeof effectSchema>;
type DecisionEffect = Extract<RemoteEffect, { type: "deny" | "allow" | "ask" }>;
type ModifyEffect = Extract<RemoteEffect, { type: "modify" }>;

function isDecision(effect: RemoteEffect): effect is DecisionEffect {
  return effect.type !== "modify";
}

/** The input after every `modify`, in order: `replace` substitutes it, `merge` overwrites top-level keys. */
export function applyModifications(input: ToolInput, effects: readonly RemoteEffect[]): Record<string, unknown> {
  // A string input has no fields to merge into: a merge then starts from an empty object.
  const start = typeof input === "string" ? {} : input;
  return effects
    .filter((effect): effect is ModifyEffect => effect.type === "modify")
    .reduce((current, effect) => (effect.operation === "replace" ? { ...effect.value } : { ...current, ...effect.value }), start);
}

/**
 * Translates a validated effect list into a PreToolUse answer. An empty list is "no
 * objection" — not a grant — so it yields `undefined` and the other hooks decide.
 *
 * @param effects - Effects already checked by {@link effectSchema}, with at most one decision.
 * @param input - The input the backend was shown (what `modify` applies to).
 */
export function effectsToResult(effects: readonly RemoteEffect[], input: ToolInput): PreToolUseResult | undefined {
  const decision = effects.find(isDecision);
  if (decision?.type === "deny") return { decision: "deny", reason: decision.reason };
  const modified = effects.some((effect) => effect.type === "modify");
  const updated = modified ? { updatedInput: applyModifications(input, effects) } : {};
  if (decision?.type === "ask") {
    return {
      decision: "ask",
      ...updated,
      ...(decision.reason === undefined ? {} : { reason: decision.reason }),
      ...(decision.allowedDecisions === undefined ? {} : { allowedDecisions: [...decision.allowedDecisions] }),
    };
  }
  if (decision?.type === "allow") return { decision: "allow", ...updated };
  return modified ? updated : undefined;
}

/** How many decision effects (`deny`, `allow`, `ask`) a list holds; more than one is a conflict. */
export function countDecisions(effects: readonly RemoteEffect[]): number {
  return effects.filter(isDecision).length;
}
