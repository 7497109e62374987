// Builds dist/cjs (CommonJS) and dist/esm (ES modules), each with type declarations.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { linkNotebookPackage } from "./link-notebook-package.mjs";
import { writePostgresEntries } from "./postgres-entry.mjs";

const tsc = (args) => execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json", ...args], { stdio: "inherit" });

rmSync("dist", { recursive: true, force: true });
// The package is "type": "commonjs", so NodeNext emits CommonJS here.
tsc(["--outDir", "dist/cjs"]);
tsc(["--outDir", "dist/esm", "--module", "ES2022", "--moduleResolution", "Bundler"]);
mkdirSync("dist/esm", { recursive: true });
writeFileSync("dist/esm/package.json", JSON.stringify({ type: "module" }, null, 2) + "\n");
// langgraph-hitl/postgres names a missing optional peer instead of failing with "Cannot find module".
writePostgresEntries("dist");

// Every file the package.json "exports" map points at (".", "./postgres", ...) must now exist.
const targets = (entry) => (typeof entry === "string" ? [entry] : Object.values(entry).flatMap(targets));
const missing = targets(JSON.parse(readFileSync("package.json", "utf8")).exports).filter((path) => !existsSync(path));
if (missing.length > 0) throw new Error(`the build did not emit: ${missing.join(", ")}`);
linkNotebookPackage();
console.log("built dist/cjs and dist/esm");
