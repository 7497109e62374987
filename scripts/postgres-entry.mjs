// Writes the published entry of "langgraph-hitl/postgres" in both builds. tsc emits the subpath's
// barrel as postgres/index.js; it is renamed barrel.js, and index.js becomes a guard that loads it
// and, when an optional peer (pg, @langchain/langgraph-checkpoint-postgres) is not installed,
// fails with a message naming it and the install command instead of Node's "Cannot find module".
// ES modules resolve every static import before any code runs, so the ESM guard loads the barrel
// with a dynamic import() and re-exports its names (read from the CommonJS build) after it.
import { renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const CJS_GUARD = `"use strict";
// Loads the subpath's barrel; a missing optional peer fails with a message that names it.
const { postgresPeerError } = require("./peer-dependencies.js");
try {
  module.exports = require("./barrel.js");
} catch (error) {
  throw postgresPeerError(error, (name) => typeof require.resolve(name) === "string") ?? error;
}
`;

const esmGuard = (names) => `// Loads the subpath's barrel; a missing optional peer fails with a message that names it.
import { createRequire } from "node:module";
import { postgresPeerError } from "./peer-dependencies.js";
let barrel;
try {
  barrel = await import("./barrel.js");
} catch (error) {
  const require = createRequire(import.meta.url);
  throw postgresPeerError(error, (name) => typeof require.resolve(name) === "string") ?? error;
}
export const { ${names.join(", ")} } = barrel;
`;

/**
 * Turns dist/{cjs,esm}/postgres/index.js into guards around barrel.js. Needs the peers installed
 * where it runs (it reads the barrel's export names from the CommonJS build).
 *
 * @param {string} dist - The build's output folder.
 * @returns {string[]} The names the guards export.
 */
export function writePostgresEntries(dist = "dist") {
  for (const format of ["cjs", "esm"]) renameSync(join(dist, format, "postgres", "index.js"), join(dist, format, "postgres", "barrel.js"));
  const names = Object.keys(createRequire(import.meta.url)(resolve(dist, "cjs", "postgres", "barrel.js")));
  if (names.length === 0) throw new Error("the postgres barrel exports nothing");
  writeFileSync(join(dist, "cjs", "postgres", "index.js"), CJS_GUARD);
  writeFileSync(join(dist, "esm", "postgres", "index.js"), esmGuard(names));
  return names;
}
