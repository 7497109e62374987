import { HITLError } from "../errors/hitl-error.js";

/** Where a page of grants ended: the sort key of its last grant (oldest first, then by id). */
interface GrantPosition {
  createdAt: string;
  id: string;
}

/**
 * An opaque cursor for the page after `position`.
 *
 * @example
 * ```ts
 * encodeGrantCursor({ createdAt: "2026-01-01T00:00:00.000Z", id: "g1" });
 * ```
 */
export function encodeGrantCursor(position: GrantPosition): string {
  return Buffer.from(JSON.stringify(["grant", position.createdAt, position.id])).toString("base64url");
}

/**
 * Reads a cursor back.
 *
 * @throws {HITLError} `INVALID_OPTIONS` for a cursor `listGrants` did not produce.
 * @example
 * ```ts
 * decodeGrantCursor(page.nextCursor!).id;
 * ```
 */
export function decodeGrantCursor(cursor: string): GrantPosition {
  try {
    const [tag, createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (tag === "grant" && typeof createdAt === "string" && !Number.isNaN(Date.parse(createdAt)) && typeof id === "string" && !id.includes("\u0000")) return { createdAt, id };
  } catch {
    // fall through to the typed error below
  }
  const message = "`cursor` is not a cursor returned by listGrants";
  throw new HITLError("INVALID_OPTIONS", `Invalid listGrants options: ${message}`, { details: [{ path: ["cursor"], message, received: cursor }] });
}
