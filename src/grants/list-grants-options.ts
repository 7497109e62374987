import { z } from "zod";
import { boundReceived } from "../errors/bounded-value.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import { decodeGrantCursor } from "./grant-cursor.js";
import type { ListGrantsOptions, ResolvedGrantQuery } from "./types.js";

/** Text a database can store and compare: Postgres refuses the NUL character in `text`. */
const storableText = z
  .string()
  .min(1)
  .max(10_000)
  .refine((value) => !value.includes("\u0000"), { message: "must not contain the NUL character (\\u0000)" });

const optionsSchema = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  cursor: z.string().min(1).optional(),
  threadId: storableText.optional(),
  scope: storableText.optional(),
  scopeKey: storableText.optional(),
  toolName: storableText.optional(),
  includeInactive: z.boolean().optional(),
});

function refuse(detail: HITLErrorDetail): never {
  throw new HITLError("INVALID_OPTIONS", `Invalid listGrants options: ${detail.message}`, { details: [detail] });
}

/**
 * Checks `listGrants` options before any store sees them (a value the database would refuse is
 * refused here with a typed error). `threadId` is the thread's own scope: `{ scope: "thread",
 * scopeKey: threadId }`; it cannot be combined with `scope`, and `scopeKey` needs `scope`.
 *
 * @param options - The caller's options.
 * @returns The query a store runs.
 * @throws {HITLError} `INVALID_OPTIONS` naming the field and what was received.
 * @example
 * ```ts
 * resolveListGrantsOptions({ limit: 20, threadId: "t1" }).scope; // "thread"
 * ```
 */
export function resolveListGrantsOptions(options: ListGrantsOptions): ResolvedGrantQuery {
  const parsed = optionsSchema.safeParse(options, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((segment) => (typeof segment === "number" ? segment : String(segment)));
    refuse({ path, message: `\`${path.join(".") || "options"}\`: ${issue?.message ?? "invalid"}`, received: boundReceived((issue as { input?: unknown } | undefined)?.input) });
  }
  const { limit, cursor, threadId, scope, scopeKey, toolName, includeInactive } = parsed.data;
  if (threadId !== undefined && (scope !== undefined || scopeKey !== undefined)) {
    refuse({ path: ["threadId"], message: "`threadId` already names the scope (the thread's own): give either `threadId` or `scope` (with `scopeKey`)", received: threadId });
  }
  if (scopeKey !== undefined && scope === undefined) refuse({ path: ["scopeKey"], message: "`scopeKey` needs `scope`: which scope is it a key of?", received: scopeKey });
  return {
    limit,
    after: cursor === undefined ? undefined : decodeGrantCursor(cursor),
    scope: threadId === undefined ? scope : "thread",
    scopeKey: threadId ?? scopeKey,
    toolName,
    includeInactive: includeInactive ?? false,
  };
}
