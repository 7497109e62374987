import type { ToolNodeOptions } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { DECISION_TYPES } from "../decisions/decision-schema.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import type { HookRegistry } from "../hooks/hook-registry.js";
import { warnHookError } from "../hooks/report-hook-error.js";
import { MAX_TIMEOUT_MS } from "../hooks/time-bound.js";
import type { HookErrorHandler } from "../hooks/types.js";
import type { DecisionHandler } from "./report-decisions.js";
import type { SigningKey } from "../protocol/signing.js";
import type { HumanInTheLoopConfig, ToolApprovalDecisionType } from "../payload/types.js";

/** Per-tool approval settings of `interruptOn`. */
export interface InterruptOnConfig {
  /** The decisions the reviewer may make. Default: all four. */
  allowedDecisions?: ToolApprovalDecisionType[];
  /** Text shown to the reviewer. */
  description?: string;
  /** The approval expires this many ms after the batch was proposed; late decisions are then not applied. */
  expiresInMs?: number;
}

/** Options of {@link ApprovalToolNode}: everything `ToolNode` takes, plus the approval layer. */
export interface ApprovalToolNodeOptions extends ToolNodeOptions {
  /** Policy hooks run for every tool call. */
  hooks?: HookRegistry;
  /** Whether an `ask` pauses for a person. Default: `{ enabled: true }`. */
  humanInTheLoop?: HumanInTheLoopConfig;
  /**
   * Declarative approvals: `true` asks with all four decisions allowed; an object asks with
   * its settings; `false` or absent has no opinion. Keys must be names of the node's tools.
   */
  interruptOn?: Record<string, boolean | InterruptOnConfig>;
  /** Receives every hook failure (observers abandoned, PreToolUse refusals). Default: `console.warn`. */
  onHookError?: HookErrorHandler;
  /** Receives every human decision (and expiry) once, when its batch is answered: for an audit log. */
  onDecision?: DecisionHandler;
  /**
   * A secret shared with the hosts that resume (`resume()`, `createApprovalHandler`): resume
   * values must then carry its HMAC signature, and anything else is refused. Default: none —
   * values are accepted, and a reviewer counts as verified only when signed in this process.
   */
  signingKey?: SigningKey;
}

/** Options after validation, in the form the node reads. */
export interface ResolvedNodeOptions {
  hooks: HookRegistry | undefined;
  onHookError: HookErrorHandler;
  onDecision: DecisionHandler | undefined;
  signingKey: SigningKey | undefined;
  hitlEnabled: boolean;
  interruptOn: Map<string, Required<Pick<InterruptOnConfig, "allowedDecisions">> & InterruptOnConfig>;
}

const decisionType = z.enum(DECISION_TYPES as [ToolApprovalDecisionType, ...ToolApprovalDecisionType[]]);
const interruptOnEntry = z.union([
  z.boolean(),
  z.strictObject({
    allowedDecisions: z.array(decisionType).min(1).optional(),
    description: z.string().optional(),
    expiresInMs: z.number().finite().positive().max(MAX_TIMEOUT_MS * 1000).optional(),
  }),
]);
const optionsSchema = z.strictObject({
  name: z.string().optional(),
  tags: z.array(z.string()).optional(),
  handleToolErrors: z.boolean().optional(),
  hooks: z.custom<HookRegistry>((value) => typeof (value as HookRegistry | undefined)?.hooksFor === "function", {
    message: "expected a HookRegistry",
  }).optional(),
  humanInTheLoop: z.strictObject({ enabled: z.boolean().optional() }).optional(),
  interruptOn: z.record(z.string(), interruptOnEntry).optional(),
  onHookError: z.custom<HookErrorHandler>((value) => typeof value === "function", { message: "expected a function" }).optional(),
  onDecision: z.custom<DecisionHandler>((value) => typeof value === "function", { message: "expected a function" }).optional(),
  signingKey: z.union([z.string().min(16, "use at least 16 characters"), z.instanceof(Uint8Array).refine((key) => key.byteLength >= 16, "use at least 16 bytes")]).optional(),
});

function refuse(details: HITLErrorDetail[]): never {
  const first = details[0];
  const where = first?.path?.length ? `\`${first.path.join(".")}\`: ` : "";
  throw new HITLError("INVALID_OPTIONS", `Invalid ApprovalToolNode options: ${where}${first?.message ?? ""}`, { details });
}

/**
 * Validates node options once, at construction. An `interruptOn` key that names no tool is
 * an error: a typo would otherwise leave a dangerous tool silently unguarded.
 *
 * @throws {HITLError} `INVALID_OPTIONS`, one detail per problem.
 */
export function resolveNodeOptions(options: unknown, toolNames: readonly string[]): ResolvedNodeOptions {
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    refuse(
      parsed.error.issues.map((issue) => ({
        path: issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment))),
        message: issue.message,
      })),
    );
  }
  const { hooks, humanInTheLoop, interruptOn = {}, onHookError, onDecision, signingKey } = parsed.data;
  const unknownTools = Object.keys(interruptOn).filter((name) => !toolNames.includes(name));
  if (unknownTools.length > 0) {
    refuse(
      unknownTools.map((name) => ({
        path: ["interruptOn", name],
        message: `no tool named "${name}" is given to this node`,
        allowed: [...toolNames],
        received: name,
      })),
    );
  }
  const resolved: ResolvedNodeOptions["interruptOn"] = new Map();
  for (const [name, entry] of Object.entries(interruptOn)) {
    if (entry === false) continue;
    const settings = entry === true ? {} : entry;
    resolved.set(name, {
      allowedDecisions: settings.allowedDecisions ?? [...DECISION_TYPES],
      ...(settings.description === undefined ? {} : { description: settings.description }),
      ...(settings.expiresInMs === undefined ? {} : { expiresInMs: settings.expiresInMs }),
    });
  }
  return { hooks, onHookError: onHookError ?? warnHookError, onDecision, signingKey, hitlEnabled: humanInTheLoop?.enabled ?? true, interruptOn: resolved };
}
