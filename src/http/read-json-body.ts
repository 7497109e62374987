import { jsonMediaTypeProblem } from "./media-type.js";
import { problem, type Problem } from "./problem.js";

/** A parsed JSON body, or the problem that refused it. */
type BodyResult = { ok: true; value: unknown } | { ok: false; problem: Problem };

/**
 * Reads a JSON request body of at most `limit` bytes, sent as `application/json` (see
 * {@link jsonMediaTypeProblem}). The limit is enforced while streaming — a client cannot make
 * the server buffer more by lying in `content-length` or omitting it.
 */
export async function readJsonBody(request: Request, limit: number): Promise<BodyResult> {
  const mediaType = jsonMediaTypeProblem(request.headers.get("content-type"));
  if (mediaType !== undefined) return { ok: false, problem: mediaType };
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  const tooLarge = { ok: false as const, problem: problem("PAYLOAD_TOO_LARGE", `The body is larger than ${limit} bytes.`) };
  if (Number.isFinite(declared) && declared > limit) return tooLarge;
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = reader === undefined ? { done: true as const, value: undefined } : await reader.read();
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader?.cancel();
      return tooLarge;
    }
    chunks.push(chunk.value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: problem("INVALID_REQUEST", "The body is not valid JSON.") };
  }
}
