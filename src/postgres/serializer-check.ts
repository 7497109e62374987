import { isDeepStrictEqual } from "node:util";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { HITLError } from "../errors/hitl-error.js";

/** The one encoding the inbox trigger reads an interrupt write in (migration 0002, `hitl_interrupt_items`). */
export const INBOX_READABLE_TYPE = "json";

/** An interrupt write as LangGraph stores one: `[{ id, value }]`, with what the trigger reads of a value. */
const PROBE = [
  {
    id: "0123456789abcdef0123456789abcdef",
    value: {
      type: "tool_approval",
      action_requests: [{ name: "probe", args: { path: "/tmp/ü✓" }, description: "serializer probe" }],
      review_configs: [{ action_name: "probe", allowed_decisions: ["approve"] }],
      expires_at: "2030-01-01T00:00:00.000Z",
    },
  },
];

function nameOf(serde: SerializerProtocol): string {
  const name = (serde as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" && name !== "Object" ? name : "the serializer";
}

/**
 * The error for a serializer whose interrupt writes the inbox cannot read.
 *
 * @example
 * ```ts
 * throw unsupportedSerializer(saver.serde, "bytes+encrypted");
 * ```
 */
export function unsupportedSerializer(serde: SerializerProtocol, received: string): HITLError {
  const message =
    `${nameOf(serde)} stores interrupt values as type "${received}"; the approvals inbox (a trigger in the database) reads only type ` +
    `"${INBOX_READABLE_TYPE}" holding UTF-8 JSON, as LangGraph's JsonPlusSerializer writes them. Use a serializer that writes interrupt values that way (e.g. one extending JsonPlusSerializer).`;
  return new HITLError("INVALID_OPTIONS", `Invalid Postgres checkpointer options: \`serde\`: ${message}`, {
    details: [{ path: ["serde"], message, allowed: [INBOX_READABLE_TYPE], received }],
  });
}

function readsAsJson(bytes: Uint8Array | string): boolean {
  try {
    const text = typeof bytes === "string" ? bytes : new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return isDeepStrictEqual(JSON.parse(text), PROBE);
  } catch {
    return false;
  }
}

/**
 * Checks that `serde` stores an interrupt write the way the inbox trigger reads it: type
 * `"json"`, UTF-8 JSON of `[{ id, value }]`. Any other encoding would leave the inbox silently
 * empty, so it is refused before anything is written.
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming the serializer, what it wrote and what is supported.
 * @example
 * ```ts
 * await checkInterruptEncoding(new JsonPlusSerializer()); // passes
 * ```
 */
export async function checkInterruptEncoding(serde: SerializerProtocol): Promise<void> {
  const [type, bytes] = await serde.dumpsTyped(PROBE);
  if (type !== INBOX_READABLE_TYPE) throw unsupportedSerializer(serde, type);
  if (!readsAsJson(bytes)) throw unsupportedSerializer(serde, `${type} (not UTF-8 JSON of the value)`);
}
