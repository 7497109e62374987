// Builds dist/cjs (CommonJS) and dist/esm (ES modules), each with type declarations.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";

const tsc = (args) => execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json", ...args], { stdio: "inherit" });

rmSync("dist", { recursive: true, force: true });
// The package is "type": "commonjs", so NodeNext emits CommonJS here.
tsc(["--outDir", "dist/cjs"]);
tsc(["--outDir", "dist/esm", "--module", "ES2022", "--moduleResolution", "Bundler"]);
mkdirSync("dist/esm", { recursive: true });
writeFileSync("dist/esm/package.json", JSON.stringify({ type: "module" }, null, 2) + "\n");
console.log("built dist/cjs and dist/esm");
