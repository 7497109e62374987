/**
 * The built `langgraph-hitl/postgres` entry, both builds, loaded by a consumer project that lacks
 * its optional peers: the library is built from a copy of this checkout (scripts/build.mjs, the
 * same build `npm pack` runs), copied into a scratch project outside the repository, and loaded
 * there by real Node processes (`require` and `import`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { postgresPeerError } from "../../src/postgres/peer-dependencies.js";

jest.setTimeout(600_000);

const ROOT = join(__dirname, "..", "..");
const MODULES = realpathSync(join(ROOT, "node_modules"));
/** What the library needs besides the Postgres peers; linked into every scratch project. */
const REQUIRED = ["zod", "@langchain/core", "@langchain/langgraph", "@langchain/langgraph-checkpoint"];
const INSTALL = "npm install @langchain/langgraph-checkpoint-postgres pg";

let work = "";
let built = "";

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "hitl-postgres-peers-"));
  built = join(work, "build");
  for (const entry of ["src", "scripts", "package.json", "tsconfig.json", "tsconfig.build.json"]) cpSync(join(ROOT, entry), join(built, entry), { recursive: true });
  symlinkSync(MODULES, join(built, "node_modules"), "junction");
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: built, stdio: "pipe" });
});

afterAll(() => {
  if (work !== "") rmSync(work, { recursive: true, force: true });
});

/** A consumer project with the built library, the required peers, and `extra` (linked, or copied so it resolves its own dependencies from the project). */
function project(name: string, extra: { linked?: string[]; copied?: string[] } = {}): string {
  const app = join(work, name);
  const modules = join(app, "node_modules");
  mkdirSync(join(modules, "langgraph-hitl"), { recursive: true });
  writeFileSync(join(app, "package.json"), JSON.stringify({ name, private: true }));
  cpSync(join(built, "package.json"), join(modules, "langgraph-hitl", "package.json"));
  cpSync(join(built, "dist"), join(modules, "langgraph-hitl", "dist"), { recursive: true });
  for (const dependency of [...REQUIRED, ...(extra.linked ?? [])]) {
    mkdirSync(dirname(join(modules, dependency)), { recursive: true });
    symlinkSync(join(MODULES, dependency), join(modules, dependency), "junction");
  }
  for (const dependency of extra.copied ?? []) cpSync(join(MODULES, dependency), join(modules, dependency), { recursive: true, dereference: true });
  return app;
}

/** Loads `langgraph-hitl/postgres` in a fresh Node process, the CommonJS or the ES module way. */
function load(app: string, kind: "require" | "import"): { status: number | null; stdout: string; stderr: string } {
  const script =
    kind === "require"
      ? `const entry = require("langgraph-hitl/postgres"); console.log(JSON.stringify(Object.keys(entry).sort()));`
      : `const entry = await import("langgraph-hitl/postgres"); console.log(JSON.stringify(Object.keys(entry).sort()));`;
  const args = kind === "require" ? ["-e", script] : ["--input-type=module", "-e", script];
  const result = spawnSync(process.execPath, args, { cwd: app, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("langgraph-hitl/postgres without its optional peers", () => {
  test.each(["require", "import"] as const)("with neither peer installed, %s fails naming both peers and the install command, not Node's bare error", (kind) => {
    const app = project(`none-${kind}`);
    const { status, stderr } = load(app, kind);
    expect(status).not.toBe(0);
    expect(stderr).toContain("langgraph-hitl/postgres needs the optional peer dependencies `@langchain/langgraph-checkpoint-postgres` and `pg`");
    expect(stderr).toContain("`@langchain/langgraph-checkpoint-postgres` and `pg`, which are not installed.");
    // The error thrown is ours; Node's own shows only as its cause.
    expect(stderr.split("\n").find((line) => line.startsWith("Error"))).toMatch(/^Error: langgraph-hitl\/postgres needs/);
    expect(stderr).toContain(INSTALL);
  });

  test.each(["require", "import"] as const)("with the checkpointer package but not pg, %s names pg as the one missing", (kind) => {
    // Copied, not linked: a link would resolve pg from this repository's node_modules.
    const app = project(`no-pg-${kind}`, { copied: ["@langchain/langgraph-checkpoint-postgres"] });
    const { status, stderr } = load(app, kind);
    expect(status).not.toBe(0);
    expect(stderr).toContain("and `pg` is not installed");
    expect(stderr).toContain(INSTALL);
  });

  test.each(["require", "import"] as const)("with both peers installed, %s loads the entry with all its exports", (kind) => {
    const app = project(`both-${kind}`, { linked: ["pg", "@langchain/langgraph-checkpoint-postgres"] });
    const { status, stdout, stderr } = load(app, kind);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(stdout)).toEqual(["HITLPostgresSaver", "HitlPostgresSaver", "createPostgresCheckpointer"]);
  });

  test("the root entry loads without either peer", () => {
    const app = project("root-only");
    const result = spawnSync(process.execPath, ["-e", `require("langgraph-hitl"); import("langgraph-hitl").then(() => console.log("ok"))`], { cwd: app, encoding: "utf8" });
    expect({ status: result.status, stdout: result.stdout.trim() }).toEqual({ status: 0, stdout: "ok" });
  });
});

describe("postgresPeerError", () => {
  const notFound = Object.assign(new Error("Cannot find module 'pg'"), { code: "MODULE_NOT_FOUND" });

  test("keeps Node's code and the original error, and lists the missing peers", () => {
    const error = postgresPeerError(notFound, (name) => name !== "pg");
    expect(error).toMatchObject({ code: "MODULE_NOT_FOUND", cause: notFound, missingPeers: ["pg"] });
    expect(error?.message).toContain(INSTALL);
  });

  test("is undefined for any other failure, so it is rethrown as it is", () => {
    expect(postgresPeerError(new Error("boom"), () => false)).toBeUndefined();
    expect(postgresPeerError(notFound, () => true)).toBeUndefined();
  });
});
