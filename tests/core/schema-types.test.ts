import type { z } from "zod";
import type { PostToolUseFailureResult, PostToolUseResult, PreToolUseResult } from "../../src/index.js";
import { hookResultSchemas } from "../../src/hooks/result-schemas.js";
import { resumeMetaSchema, type ResumeMeta } from "../../src/protocol/resume-envelope.js";

/** Every key required and without `undefined`: optional fields compare by their value type. */
type Normal<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
/** `true` only when A and B have the same keys with mutually assignable value types. */
type Same<A, B> = [Normal<A>] extends [Normal<B>] ? ([Normal<B>] extends [Normal<A>] ? (keyof A extends keyof B ? (keyof B extends keyof A ? true : false) : false) : false) : false;

type Parsed<E extends keyof typeof hookResultSchemas> = z.infer<(typeof hookResultSchemas)[E]>;

// Compile-time checks: the documented result types and the schemas that parse hook answers
// (a trust boundary) describe exactly the same fields, so neither can drift from the other.
const preToolUse: Same<PreToolUseResult, Parsed<"PreToolUse">> = true;
const postToolUse: Same<PostToolUseResult, Parsed<"PostToolUse">> = true;
const postToolUseFailure: Same<PostToolUseFailureResult, Parsed<"PostToolUseFailure">> = true;
// `expiresAt` is still parsed (earlier versions sent it) but never part of what is sent.
const resumeMeta: Same<ResumeMeta, Omit<z.infer<typeof resumeMetaSchema>, "expiresAt">> = true;

test("the documented types of hook answers and resume envelopes have the same fields as the schemas that parse them (checked by the compiler)", () => {
  expect([preToolUse, postToolUse, postToolUseFailure, resumeMeta]).toEqual([true, true, true, true]);
  expect(Object.keys(hookResultSchemas.PreToolUse.shape).sort()).toEqual(
    ["decision", "reason", "updatedInput", "allowedDecisions", "description", "additionalContext", "expiresInMs", "preventContinuation", "stopReason", "cancelRun"].sort(),
  );
});
