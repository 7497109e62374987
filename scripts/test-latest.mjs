#!/usr/bin/env node
// npm run test:latest — runs the whole test suite against the newest published LangGraph and
// LangChain packages, in a temporary copy of this working tree, so a release that breaks one of
// our assumptions (see src/langgraph and tests/langgraph) is seen before users see it.
//   KEEP=1 keeps the temporary copy.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const LATEST = ["@langchain/langgraph", "@langchain/core", "@langchain/langgraph-checkpoint", "@langchain/langgraph-checkpoint-postgres", "langchain"];

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
}

const copy = mkdtempSync(join(tmpdir(), "langgraph-hitl-latest-"));
// As root, the embedded Postgres runs as the OS user "postgres", which must reach its binaries in here.
chmodSync(copy, 0o755);
try {
  // Tracked and new files of the working tree, without node_modules or build output.
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) cpSync(join(root, file), join(copy, file), { recursive: true, force: true, errorOnExist: false });
  run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], copy);
  run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", ...LATEST.map((name) => `${name}@latest`)], copy);
  const versions = LATEST.map((name) => `${name}@${JSON.parse(readFileSync(join(copy, "node_modules", name, "package.json"), "utf8")).version}`);
  console.log(`\ntest:latest — testing against ${versions.join(", ")}\n`);
  run("npm", ["run", "typecheck"], copy);
  run("npx", ["jest"], copy);
  console.log(`\ntest:latest passed against ${versions.join(", ")}`);
} finally {
  if (process.env["KEEP"] === "1") console.log(`kept ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
