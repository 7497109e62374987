/**
 * What `langgraph-hitl/postgres` says when an optional peer dependency is missing. The published
 * entry loads the subpath's modules behind a guard (written by `scripts/postgres-entry.mjs`) that
 * turns Node's bare "Cannot find module 'pg'" into a message naming the peers and the command that
 * installs them. This module imports neither peer, so the guard can load it when they are missing.
 */

/** The optional peers the subpath needs, as `npm install` names them. */
const POSTGRES_PEERS = ["@langchain/langgraph-checkpoint-postgres", "pg"] as const;

/** Node's codes for a module it cannot find: `require()` (CommonJS) and `import` (ES modules). */
const NOT_FOUND_CODES: readonly unknown[] = ["MODULE_NOT_FOUND", "ERR_MODULE_NOT_FOUND"];

/** The error for a missing peer: Node's own code is kept, so code that checks `code` still recognises it. */
interface MissingPeerError extends Error {
  code: string;
  /** The peers that could not be resolved, in `npm install` spelling. */
  missingPeers: string[];
}

function listed(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(" and ");
}

/**
 * The error `langgraph-hitl/postgres` fails with when loading it failed because a peer is not
 * installed, or `undefined` when the failure is anything else (which is then rethrown as it is).
 *
 * @param error - What loading the subpath's modules threw.
 * @param resolves - Whether a package resolves from the subpath's folder (`require.resolve`).
 * @returns An `Error` naming the missing peers and the install command, with Node's `code`, the
 * original error as `cause`, and `missingPeers`; `undefined` when every peer resolves or `error`
 * is not Node's "module not found".
 * @example
 * ```ts
 * try {
 *   module.exports = require("./barrel.js");
 * } catch (error) {
 *   throw postgresPeerError(error, (name) => Boolean(require.resolve(name))) ?? error;
 * }
 * ```
 */
export function postgresPeerError(error: unknown, resolves: (name: string) => boolean): MissingPeerError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (!NOT_FOUND_CODES.includes(code)) return undefined;
  const missing = POSTGRES_PEERS.filter((name) => {
    try {
      return !resolves(name);
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return undefined;
  const which = missing.length === POSTGRES_PEERS.length ? ", which are not installed" : `, and ${listed(missing)} ${missing.length === 1 ? "is" : "are"} not installed`;
  const message = `langgraph-hitl/postgres needs the optional peer dependencies ${listed(POSTGRES_PEERS)}${which}. Install them next to langgraph-hitl: npm install ${POSTGRES_PEERS.join(" ")}`;
  return Object.assign(new Error(message, { cause: error }), { code: String(code), missingPeers: [...missing] });
}
