import { z } from "zod";
import { HITLError } from "../errors/hitl-error.js";
import type { ListPendingInterruptsOptions } from "./types.js";

const optionsSchema = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  cursor: z.string().min(1).optional(),
  olderThan: z.union([z.date(), z.iso.datetime({ offset: true })]).optional(),
  toolName: z.string().min(1).optional(),
  threadId: z.string().min(1).optional(),
});

/** Inbox query options after validation. */
export interface ResolvedListOptions {
  limit: number;
  cursor: string | undefined;
  olderThan: string | undefined;
  toolName: string | undefined;
  threadId: string | undefined;
}

/**
 * Checks `listPendingInterrupts` options.
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming the field.
 */
export function resolveListOptions(options: ListPendingInterruptsOptions): ResolvedListOptions {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((segment) => (typeof segment === "number" ? segment : String(segment)));
    const message = `\`${path.join(".") || "options"}\`: ${issue?.message ?? "invalid"}`;
    throw new HITLError("INVALID_OPTIONS", `Invalid listPendingInterrupts options: ${message}`, { details: [{ path, message }] });
  }
  const { limit, cursor, olderThan, toolName, threadId } = parsed.data;
  return {
    limit,
    cursor,
    olderThan: olderThan === undefined ? undefined : new Date(olderThan).toISOString(),
    toolName,
    threadId,
  };
}
