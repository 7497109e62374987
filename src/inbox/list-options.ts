import { z } from "zod";
import { boundReceived } from "../errors/bounded-value.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";
import { decodeCursor } from "./cursor.js";
import type { ListPendingInterruptsOptions } from "./types.js";

/** Text a database can store and compare: Postgres refuses the NUL character in `text`. */
const storableText = z
  .string()
  .min(1)
  .refine((value) => !value.includes("\u0000"), { message: "must not contain the NUL character (\\u0000)" });
/** An ISO-8601 instant with a four-digit year, which every store can compare. */
const isoInstant = z.iso.datetime({ offset: true });

const optionsSchema = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  cursor: z.string().min(1).optional(),
  olderThan: z.union([z.date(), isoInstant]).optional(),
  toolName: storableText.optional(),
  threadId: storableText.optional(),
});

/** Inbox query options after validation. */
export interface ResolvedListOptions {
  limit: number;
  cursor: string | undefined;
  olderThan: string | undefined;
  toolName: string | undefined;
  threadId: string | undefined;
}

function refuse(detail: HITLErrorDetail): never {
  throw new HITLError("INVALID_OPTIONS", `Invalid listPendingInterrupts options: ${detail.message}`, { details: [detail] });
}

function fieldDetail(path: Array<string | number>, problem: string, received: unknown): HITLErrorDetail {
  return { path, message: `\`${path.join(".") || "options"}\`: ${problem}`, received: boundReceived(received) };
}

/** The instant as ISO-8601 with a four-digit year; `undefined` when it has none (invalid, or beyond year 9999). */
function storableInstant(value: Date | string): string | undefined {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(time)) return undefined;
  const iso = new Date(time).toISOString();
  return /^\d{4}-/.test(iso) ? iso : undefined;
}

/** A cursor must be one this library produced, with parts a database can compare. */
function checkCursor(cursor: string): void {
  const position = decodeCursor(cursor);
  const broken =
    storableInstant(position.createdAt) === undefined || !isoInstant.safeParse(position.createdAt).success
      ? "its position is not a date"
      : [position.threadId, position.interruptId].some((part) => part.includes("\u0000"))
        ? "it contains the NUL character"
        : undefined;
  if (broken !== undefined) refuse(fieldDetail(["cursor"], `is not a cursor returned by listPendingInterrupts (${broken})`, cursor));
}

/**
 * Checks `listPendingInterrupts` options before any store sees them: a value the database
 * would refuse (a NUL character, a cursor whose position is not a date) is refused here with a
 * typed error, never passed on to become a raw driver error.
 *
 * @param options - The caller's options.
 * @returns The options, with `olderThan` as an ISO-8601 string.
 * @throws {HITLError} `INVALID_OPTIONS` naming the field and what was received.
 * @example
 * ```ts
 * resolveListOptions({ limit: 20, toolName: "delete_file" });
 * ```
 */
export function resolveListOptions(options: ListPendingInterruptsOptions): ResolvedListOptions {
  const parsed = optionsSchema.safeParse(options, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((segment) => (typeof segment === "number" ? segment : String(segment)));
    refuse(fieldDetail(path, issue?.message ?? "invalid", (issue as { input?: unknown } | undefined)?.input));
  }
  const { limit, cursor, olderThan, toolName, threadId } = parsed.data;
  if (cursor !== undefined) checkCursor(cursor);
  const olderThanIso = olderThan === undefined ? undefined : storableInstant(olderThan);
  if (olderThan !== undefined && olderThanIso === undefined) refuse(fieldDetail(["olderThan"], "must be a date between the years 0000 and 9999", String(olderThan)));
  return { limit, cursor, olderThan: olderThanIso, toolName, threadId };
}
