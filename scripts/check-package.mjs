// Packs the library the way it is published and uses it the way a user would:
//   1. clones the current commit into a temporary folder (only what is committed counts),
//      runs `npm ci` there and `npm pack` (whose `prepack` builds dist/);
//   2. checks what the tarball holds (LICENSE, no sources, no source maps, small declarations,
//      README images that render off GitHub, optional peers confined to their subpath);
//   3. installs the tarball into a scratch project outside the repository, with its peers at
//      the versions the lockfile pins, imports (ESM) and requires (CommonJS) every subpath
//      export, runs a real graph through a pause and a resume, resumes from an ES module host a
//      graph built from the CommonJS build (two module instances: applied, one run, one read),
//      and type-checks both kinds of consumer against the published declarations.
// Only the package registry is contacted (by npm). KEEP=1 keeps the temporary folder.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBehaviourPrograms, writeSubpathPrograms, writeTypeConsumers } from "./package-consumers.mjs";

const NPM_QUIET = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
// Peers (and the tools for the type check) the scratch project installs next to the tarball.
const SCRATCH_DEPENDENCIES = ["@langchain/core", "@langchain/langgraph", "@langchain/langgraph-checkpoint-postgres", "pg", "langchain", "@types/node", "typescript"];

// Output is captured and shown only when a command fails, so a passing check stays short.
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
const step = (label) => console.log(`· ${label}`);

function cloneCurrentCommit(work) {
  const root = run("git", ["rev-parse", "--show-toplevel"], process.cwd()).trim();
  const commit = run("git", ["rev-parse", "HEAD"], root).trim();
  if (run("git", ["status", "--porcelain", "--untracked-files=no"], root).trim() !== "") {
    console.log("  note: uncommitted changes are not part of this check (it packs the commit)");
  }
  const clone = join(work, "clone");
  run("git", ["clone", "--quiet", "--no-checkout", root, clone], work);
  run("git", ["checkout", "--quiet", "--detach", commit], clone);
  return { clone, commit };
}

function pack(clone, work) {
  run("npm", ["ci", ...NPM_QUIET], clone);
  // `prepack` (the build) may print its progress before the JSON.
  const output = run("npm", ["pack", "--json", "--pack-destination", work], clone);
  const packed = JSON.parse(output.slice(output.indexOf("\n[") + 1))[0];
  return { tarball: join(work, packed.filename), files: packed.files.map((file) => file.path) };
}

/** What the tarball must and must not hold; `extracted` is its unpacked root. */
function checkContents(files, extracted) {
  const problems = [];
  for (const required of ["LICENSE", "README.md", "package.json", "dist/esm/index.js", "dist/cjs/index.js", "dist/esm/package.json"]) {
    if (!files.includes(required)) problems.push(`missing ${required}`);
  }
  const shipped = (pattern) => files.filter((path) => pattern.test(path));
  if (shipped(/^(src|tests|examples|bench)\//).length > 0) problems.push(`ships sources or tests: ${shipped(/^(src|tests|examples|bench)\//).slice(0, 3).join(", ")}`);
  // The maps would point at src/*.ts, which is not shipped: they are not built at all.
  if (shipped(/\.map$/).length > 0) problems.push(`ships ${shipped(/\.map$/).length} source maps`);
  for (const declaration of shipped(/assets\.generated\.d\.ts$/)) {
    const size = statSync(join(extracted, declaration)).size;
    if (size > 1024) problems.push(`${declaration} is ${size} bytes: the page bundle leaked into its types`);
  }
  const relativeImages = [...readFileSync(join(extracted, "README.md"), "utf8").matchAll(/!\[[^\]]*\]\((?!https:\/\/)([^)]+)\)|<img[^>]+src="(?!https:\/\/)([^"]+)"/g)];
  if (relativeImages.length > 0) problems.push(`README images with relative URLs (broken on the registry page): ${relativeImages.map((match) => match[1] ?? match[2]).join(", ")}`);
  // The Postgres packages are optional peers: only the "langgraph-hitl/postgres" subpath may load them.
  const optionalPeer = /(?:from |require\()["'](?:pg|@langchain\/langgraph-checkpoint-postgres)["']/;
  const leaks = shipped(/\.js$/).filter((path) => !path.includes("/postgres/") && optionalPeer.test(readFileSync(join(extracted, path), "utf8")));
  if (leaks.length > 0) problems.push(`outside the postgres subpath, these load an optional peer: ${leaks.join(", ")}`);
  // LangChain is an optional peer too: only the "langgraph-hitl/langchain" subpath may load it.
  const langchainPeer = /(?:from |require\()["']langchain(?:\/[^"']*)?["']/;
  const langchainLeaks = shipped(/\.js$/).filter((path) => !path.includes("/langchain/") && langchainPeer.test(readFileSync(join(extracted, path), "utf8")));
  if (langchainLeaks.length > 0) problems.push(`outside the langchain subpath, these load langchain: ${langchainLeaks.join(", ")}`);
  if (problems.length > 0) throw new Error(`the package is not right:\n  - ${problems.join("\n  - ")}`);
}

function installIntoScratchProject(tarball, clone, work) {
  const scratch = join(work, "scratch");
  mkdirSync(scratch);
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch-consumer", private: true, version: "0.0.0" }, null, 2));
  const pinned = SCRATCH_DEPENDENCIES.map((name) => `${name}@${JSON.parse(readFileSync(join(clone, "node_modules", name, "package.json"), "utf8")).version}`);
  run("npm", ["install", ...NPM_QUIET, "--no-package-lock", tarball, ...pinned], scratch);
  return scratch;
}

function useAsAConsumer(scratch) {
  const installed = join(scratch, "node_modules", "langgraph-hitl");
  const subpaths = Object.keys(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).exports).map((key) => join("langgraph-hitl", key));
  const [esmSubpaths, cjsSubpaths] = writeSubpathPrograms(scratch, subpaths).map((program) => run(process.execPath, [program], scratch).trim());
  if (esmSubpaths !== cjsSubpaths) throw new Error(`ESM and CommonJS export different names:\n  esm: ${esmSubpaths}\n  cjs: ${cjsSubpaths}`);
  console.log(`  every subpath loads from ESM and CommonJS with the same exports: ${subpaths.join(", ")}`);
  for (const program of writeBehaviourPrograms(scratch)) {
    console.log(`  ${run(process.execPath, [program], scratch).trim()}`);
  }
  const tsc = join(scratch, "node_modules", "typescript", "bin", "tsc");
  const strict = ["--noEmit", "--strict", "--skipLibCheck", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--types", "node"];
  run(process.execPath, [tsc, ...strict, ...writeTypeConsumers(scratch)], scratch);
  console.log("  ESM and CommonJS TypeScript consumers type-check");
}

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), "langgraph-hitl-package-"));
try {
  step("cloning the current commit");
  const { clone, commit } = cloneCurrentCommit(work);
  step(`npm ci and npm pack in the clone of ${commit.slice(0, 7)}`);
  const { tarball, files } = pack(clone, work);
  const extracted = join(work, "extracted");
  mkdirSync(extracted);
  run("tar", ["-xzf", tarball, "-C", extracted, "--strip-components=1"], work);
  checkContents(files, extracted);
  console.log(`  ${files.length} files, ${Math.round(statSync(tarball).size / 1024)} kB packed: LICENSE, no sources, no maps, absolute README images`);
  step("installing the tarball into a scratch project");
  const scratch = installIntoScratchProject(tarball, clone, work);
  step("using it as a consumer would");
  useAsAConsumer(scratch);
  console.log(`package check passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  // A failed command: show what it printed (tsc's diagnostics, npm's error, the program's stack).
  for (const stream of [error.stdout, error.stderr]) if (stream) process.stderr.write(stream);
  process.exitCode = 1;
  const command = error.stdout !== undefined || error.stderr !== undefined;
  console.error(`package check failed: ${command ? error.message.split("\n")[0] : error.message}`);
} finally {
  if (process.env.KEEP === "1") console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
