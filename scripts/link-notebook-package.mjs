// Lets the example notebooks `require("langgraph-hitl")` as a user's notebook would: tslab runs
// cells as CommonJS and type-checks them with Node10 resolution, which both look for
// node_modules/langgraph-hitl from the notebook's folder. The link points at this repository,
// whose package.json sends `require` to dist/cjs (so `npm run build` must have run). Run by
// `npm run build` and by the postinstall of examples/notebooks/package.json (its `npm ci` empties
// node_modules, link included; removing a link never touches what it points at).
// A link made here rather than a `file:../..` dependency: that would copy the library's version,
// dependencies and peers into examples/notebooks/package-lock.json, stale after every change to them.
import { lstatSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Creates (or refreshes) examples/notebooks/node_modules/langgraph-hitl → the repository root. */
export function linkNotebookPackage() {
  const link = join(root, "examples", "notebooks", "node_modules", "langgraph-hitl");
  mkdirSync(dirname(link), { recursive: true });
  if (lstatSync(link, { throwIfNoEntry: false }) !== undefined) rmSync(link, { recursive: false, force: true });
  // Windows: a junction needs no privileges but an absolute target.
  const target = process.platform === "win32" ? root : relative(dirname(link), root);
  symlinkSync(target, link, "junction");
  return link;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`linked ${relative(root, linkNotebookPackage())}`);
}
