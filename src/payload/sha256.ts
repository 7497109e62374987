import { hash } from "node:crypto";

/**
 * The lowercase hex SHA-256 of a text's UTF-8 bytes: every hex digest this library computes
 * (request and submission digests, prepared-statement and approval names) is this one function.
 *
 * It is `crypto.hash`, Node's one-shot digest (every Node this package's `engines` allow has it,
 * from 20.12 and 21.7; Node's docs still mark it a release candidate, and the call used here —
 * a string in, `"hex"` out — is the same on 20, 22 and 24, where CI runs the tests that pin its
 * output): no `Hash` object is made per digest, which takes about half the time of
 * `createHash("sha256").update(text).digest("hex")` — the same bytes, so the same digest. A
 * pause + resume makes two per reviewed call (the host's and the node's request digest) and two
 * per submission.
 *
 * @param text - The text to digest, hashed as UTF-8.
 * @returns 64 lowercase hex characters.
 * @example
 * ```ts
 * sha256Hex("abc"); // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 * ```
 */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}
