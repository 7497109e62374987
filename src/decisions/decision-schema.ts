import { z } from "zod";
import type { ToolApprovalDecision, ToolApprovalDecisionType } from "../payload/types.js";
import { issueDetails } from "../errors/issue-details.js";
import { isPlainObject } from "../payload/json-type.js";
import { grantRequestSchema } from "./grant-request.js";

/** Every decision type, in the order UIs usually show them. */
export const DECISION_TYPES: readonly ToolApprovalDecisionType[] = ["approve", "edit", "reject", "respond"];

const plainObject = z.custom<Record<string, unknown>>(isPlainObject, { message: "expected a plain object of tool arguments" });

/**
 * Strict schemas, one per decision type: a decision carries exactly its own fields, so a
 * value meant for another protocol (e.g. `editedAction`) is refused instead of misread.
 */
const decisionSchemas = {
  approve: z.strictObject({ type: z.literal("approve"), grant: grantRequestSchema.optional() }),
  reject: z.strictObject({ type: z.literal("reject"), reason: z.string().optional() }),
  edit: z.strictObject({ type: z.literal("edit"), updatedInput: plainObject }),
  respond: z.strictObject({ type: z.literal("respond"), responseText: z.string() }),
} satisfies Record<ToolApprovalDecisionType, z.ZodType>;

/** Result of parsing one decision: the decision, or the problems with it. */
type ParsedDecision =
  | { ok: true; decision: ToolApprovalDecision }
  | { ok: false; problems: Array<{ path: Array<string | number>; message: string; received?: unknown }> };

export function isDecisionType(value: unknown): value is ToolApprovalDecisionType {
  return typeof value === "string" && (DECISION_TYPES as readonly string[]).includes(value);
}

/** Parses one decision of a known type against its strict schema. */
export function parseDecision(type: ToolApprovalDecisionType, value: unknown): ParsedDecision {
  const result = decisionSchemas[type].safeParse(value);
  if (result.success) return { ok: true, decision: stripUndefined(result.data) as ToolApprovalDecision };
  return {
    ok: false,
    problems: issueDetails(result.error.issues).map((detail) => ({ ...detail, path: detail.path ?? [] })),
  };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
