import { z } from "zod";
import type { HITLErrorDetail } from "../errors/hitl-error.js";
import { countDecisions, effectSchema, type RemoteEffect } from "./effects.js";
import { PROTOCOL_VERSION } from "./protocol.js";
import { RemoteHookError } from "./remote-hook-error.js";
import { issueDetails } from "../errors/issue-details.js";

const jsonRpcId = z.union([z.string().min(1), z.number().int(), z.null()]);

const envelopeSchema = z.union([
  z.strictObject({ jsonrpc: z.literal("2.0"), id: jsonRpcId, result: z.unknown() }),
  z.strictObject({ jsonrpc: z.literal("2.0"), id: jsonRpcId, error: z.unknown() }),
]);

const rpcErrorSchema = z.strictObject({ code: z.number().int(), message: z.string(), data: z.unknown().optional() });

const resultSchema = z.strictObject({
  protocolVersion: z.string(),
  effects: z.array(effectSchema),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

function issuesOf(error: z.ZodError, prefix: Array<string | number>): HITLErrorDetail[] {
  return issueDetails(error.issues, { prefix, message: "plain" });
}

function rejection(backend: string, detail: string, details?: HITLErrorDetail[]): RemoteHookError {
  return new RemoteHookError(backend, "protocol_rejection", detail, details === undefined ? {} : { details });
}

/**
 * Validates a `hooks/intercept` answer against the request it answers and returns its
 * effects. The message of a failure describes what was wrong in our own words and never
 * echoes what the backend sent; `details` say where.
 *
 * @param raw - The parsed JSON the backend sent.
 * @param requestId - The id of the request it must answer.
 * @param backend - The backend's name, for the error.
 * @throws {RemoteHookError} `protocol_rejection` for a malformed envelope, an id mismatch, an
 * unsupported protocol version, an unknown, unadvertised or malformed effect, or more than one
 * decision effect; `remote_rpc` for a well-formed JSON-RPC error.
 */
export function parseInterceptResponse(raw: unknown, requestId: string, backend: string): RemoteEffect[] {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) throw rejection(backend, "the answer is not one JSON-RPC response", issuesOf(envelope.error, []));
  const message = envelope.data;
  if (message.id !== requestId) throw rejection(backend, "the response id does not match the request");
  if ("error" in message) {
    const rpc = rpcErrorSchema.safeParse(message.error);
    if (!rpc.success) throw rejection(backend, "the JSON-RPC error object is malformed", issuesOf(rpc.error, ["error"]));
    throw new RemoteHookError(backend, "remote_rpc", `JSON-RPC error ${rpc.data.code}`, { rpcCode: rpc.data.code });
  }
  const result = resultSchema.safeParse(message.result);
  if (!result.success) throw rejection(backend, "the result is not a valid list of supported effects", issuesOf(result.error, ["result"]));
  if (result.data.protocolVersion !== PROTOCOL_VERSION) {
    throw rejection(backend, "unsupported protocol version", [{ path: ["result", "protocolVersion"], message: `expected "${PROTOCOL_VERSION}"` }]);
  }
  if (countDecisions(result.data.effects) > 1) throw rejection(backend, "more than one decision effect (deny, allow, ask) in one answer");
  return result.data.effects;
}
