// Executes examples/notebooks/approvals.ipynb headless, the way a reader's Jupyter would: the
// notebook tooling (tslab) is installed from examples/notebooks' own package-lock.json, kept out of
// the library's dependency tree; the package is built (tslab loads its CommonJS build) and linked
// into examples/notebooks/node_modules; the tslab kernel is registered in a scratch JUPYTER_PATH,
// and Debian's nbclient runs every cell. Fails when a cell errors, when tslab reports a compile
// error, when a cell's output lacks what the cell exists to show, or when the outputs committed in
// the notebook are not the ones it produces now.
//
//   npm run test:notebook               # check
//   npm run test:notebook -- --write    # store the fresh outputs in the notebook
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const notebookDir = join(root, "examples", "notebooks");
const notebookPath = join(notebookDir, "approvals.ipynb");
const tslab = join(notebookDir, "node_modules", ".bin", process.platform === "win32" ? "tslab.cmd" : "tslab");
// Debian's python has nbclient; a pyenv `python3` earlier on PATH usually does not.
const python = process.env["NOTEBOOK_PYTHON"] ?? "/usr/bin/python3";
const write = process.argv.includes("--write");

/** What each code cell (by id) must show, and must never show. Every code cell needs an entry. */
const CHECKS = {
  setup: { shows: ["tools: list_files, delete_file, send_email, ask_user_question"] },
  model: { shows: ["graph ready"] },
  pause: { shows: ["<table>", "Approval needed for 2 tool calls", "<strong>delete_file</strong>", "<strong>send_email</strong>", "Deleting cannot be undone", "approve, reject</td>"], never: ["list_files"] },
  "pause-text": { shows: ["1. delete_file  (call call_2)", "2. send_email  (call call_3)", "tools that ran so far: none"] },
  decide: {
    shows: ["✓ list_files", "✓ delete_file: Deleted /tmp/report-2023.csv.", "✗ send_email", "I will tell the team myself", "tools that ran: list_files, delete_file\n", "the agent says:"],
    never: ["✓ send_email", "Sent \""],
  },
  question: { shows: ["Which environment should I deploy billing-api to?", "<li>Staging <code>staging</code></li>", "<li>Production <code>production</code></li>"] },
  answer: { shows: ["Deploying billing-api to staging."] },
  inbox: { shows: ["2 threads wait for a person: ops-2, release-2", "<h4>thread ops-2</h4>", "<h4>thread release-2</h4>", "Approval needed for 2 tool calls", "Question for you"], never: ["ops-1", "release-1"] },
};

function run(command, args, options = {}) {
  return execFileSync(command, args, { cwd: root, stdio: "inherit", ...options });
}

function requireNbclient() {
  try {
    execFileSync(python, ["-c", "import nbclient, nbformat, jupyter_client"], { stdio: "ignore" });
  } catch {
    throw new Error(
      `${python} cannot import nbclient, nbformat and jupyter_client. On Debian/Ubuntu: ` +
        "sudo apt-get install -y python3-nbclient python3-nbformat jupyter-client (or set NOTEBOOK_PYTHON to a python that has them).",
    );
  }
}

/**
 * Installs examples/notebooks' own packages (tslab and its TypeScript 5.0, zeromq) with `npm ci`
 * unless the installed tree is at least as new as its lockfile. Its postinstall links
 * node_modules/langgraph-hitl to this checkout (scripts/link-notebook-package.mjs).
 */
function installNotebookTooling() {
  const installed = join(notebookDir, "node_modules", ".package-lock.json");
  const lockfile = join(notebookDir, "package-lock.json");
  const fresh = existsSync(tslab) && existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs;
  if (!fresh) run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: notebookDir });
}

/** A JUPYTER_PATH whose tslab kernelspec runs examples/notebooks' tslab (no `tslab install`, which needs IPython). */
function scratchJupyter(scratch) {
  const kernelDir = join(scratch, "jupyter", "kernels", "tslab");
  mkdirSync(kernelDir, { recursive: true });
  const spec = { argv: [tslab, "kernel", "--config-path", "{connection_file}"], display_name: "TypeScript", language: "typescript" };
  writeFileSync(join(kernelDir, "kernel.json"), JSON.stringify(spec, null, 2));
  return { ...process.env, JUPYTER_PATH: join(scratch, "jupyter"), JUPYTER_RUNTIME_DIR: join(scratch, "runtime") };
}

const joined = (text) => (Array.isArray(text) ? text.join("") : (text ?? ""));

/** Everything a reader sees in a cell's output, as one string. */
function outputText(cell) {
  return cell.outputs
    .map((output) => {
      if (output.output_type === "stream") return joined(output.text);
      if (output.output_type === "error") return `${output.ename}: ${output.evalue}`;
      return Object.values(output.data ?? {}).map(joined).join("\n");
    })
    .join("");
}

/** The problems of one executed code cell; an empty list when it shows what it should. */
function judgeCell(cell) {
  const check = CHECKS[cell.id];
  if (check === undefined) return [`cell "${cell.id}" has no entry in CHECKS (scripts/test-notebook.mjs)`];
  const problems = [];
  for (const output of cell.outputs) {
    if (output.output_type === "error") problems.push(`raised ${output.ename}: ${output.evalue}`);
    if (output.output_type === "stream" && output.name === "stderr") problems.push(`wrote to stderr (tslab reports compile errors there): ${joined(output.text).trim()}`);
  }
  const text = outputText(cell);
  for (const expected of check.shows) if (!text.includes(expected)) problems.push(`does not show ${JSON.stringify(expected)}`);
  for (const unwanted of check.never ?? []) if (text.includes(unwanted)) problems.push(`shows ${JSON.stringify(unwanted)}, which it must not`);
  return problems.map((problem) => `cell "${cell.id}": ${problem}`);
}

function judge(executed) {
  const codeCells = executed.cells.filter((cell) => cell.cell_type === "code");
  const ids = new Set(codeCells.map((cell) => cell.id));
  const missing = Object.keys(CHECKS).filter((id) => !ids.has(id)).map((id) => `CHECKS names cell "${id}", which the notebook does not have`);
  return [...missing, ...codeCells.flatMap(judgeCell)];
}

/** Cells whose committed outputs differ from the ones just produced. */
function staleCells(committed, executed) {
  const outputsOf = (notebook) => new Map(notebook.cells.filter((cell) => cell.cell_type === "code").map((cell) => [cell.id, JSON.stringify(cell.outputs)]));
  const before = outputsOf(committed);
  return [...outputsOf(executed)].filter(([id, outputs]) => before.get(id) !== outputs).map(([id]) => id);
}

function main() {
  requireNbclient();
  installNotebookTooling();
  // The build also refreshes the examples/notebooks/node_modules/langgraph-hitl link.
  run("npm", ["run", "build"]);
  const scratch = mkdtempSync(join(tmpdir(), "langgraph-hitl-notebook-"));
  try {
    const executedPath = join(scratch, "approvals.executed.ipynb");
    run(python, [join(root, "scripts", "execute-notebook.py"), notebookPath, executedPath, notebookDir], { env: scratchJupyter(scratch) });
    const executed = JSON.parse(readFileSync(executedPath, "utf8"));
    const problems = judge(executed);
    if (problems.length > 0) throw new Error(`the notebook does not show what it should:\n  ${problems.join("\n  ")}`);
    if (write) {
      writeFileSync(notebookPath, readFileSync(executedPath, "utf8"));
      console.log(`wrote the outputs into ${notebookPath}`);
      return;
    }
    const stale = staleCells(JSON.parse(readFileSync(notebookPath, "utf8")), executed);
    if (stale.length > 0) throw new Error(`the committed outputs of cells ${stale.join(", ")} are not what the notebook shows now: run npm run test:notebook -- --write`);
    console.log(`notebook ok: ${executed.cells.filter((cell) => cell.cell_type === "code").length} cells ran and showed what they should`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  console.error(`test:notebook: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
