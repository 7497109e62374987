import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import pg from "pg";
import { HookRegistry, isHITLError } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { problem } from "../../src/http/problem.js";
import { resolveHandlerOptions } from "../../src/http/options.js";
import { createMemoryCheckpointer } from "../../src/inbox/memory-checkpointer.js";
import { resolveListOptions } from "../../src/inbox/list-options.js";
import { resolveNodeOptions } from "../../src/core/options.js";
import { resolvePostgresOptions } from "../../src/postgres/options.js";
import { HITLPostgresSaver } from "../../src/postgres/index.js";
import { resolveRemoteOptions } from "../../src/remote/options.js";
import { codeBlocks, isTypeScript, readme, ROOT } from "./support/readme-blocks.js";
import { programsOf } from "./support/programs.js";
import { codeSpans, firstSpan, section, sections, tables } from "./support/readme-sections.js";
import { exportedNames, interfaceMembers, unionMembers, type EntryPoint } from "./support/exports.js";

// README facts checked against the code: when either side changes, this fails until they agree.

const markdown = readme();
const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const exported = exportedNames();

/** Root exports another helper is making internal this release: the README must not teach them. */
const INTERNAL_NAMES = ["canonicalJson", "withDigests", "hasInbox", "HOOK_EVENTS", "withThreadLock"];

const mentions = (name: string): boolean => new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(markdown);

function refusal(run: () => unknown): { code: string; allowed: unknown } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!isHITLError(error)) throw error;
    return { code: error.code, allowed: error.details[0]?.allowed };
  }
}

describe("README error codes", () => {
  const body = section(markdown, "Error codes").body;

  test("the error-code table lists exactly the HITLErrorCode union", () => {
    const listed = (tables(body)[0]?.rows ?? []).map((row) => firstSpan(row[0] ?? ""));
    expect([...listed].sort()).toEqual([...unionMembers("src/errors/hitl-error.ts", "HITLErrorCode")].sort());
  });

  test("the HTTP handler's own codes are exactly ProblemCode's, each with the status the handler answers", () => {
    const sentence = /plus its own: ([\s\S]*?)\n\n/.exec(body)?.[1] ?? "";
    const listed = [...sentence.matchAll(/`([A-Z_]+)` \((\d{3})/g)].map((match) => [match[1] ?? "", Number(match[2])] as const);
    expect(listed.map(([code]) => code).sort()).toEqual([...unionMembers("src/http/problem.ts", "ProblemCode")].sort());
    for (const [code, status] of listed) expect({ code, status: problem(code as never, "").status }).toEqual({ code, status });
  });

  test("the blocked-call sources, here and in the PermissionDenied row of Hooks, are exactly DenialSource", () => {
    const denialSources = [...unionMembers("src/hooks/types.ts", "DenialSource")].sort();
    const blocked = body.slice(body.indexOf("**Blocked calls**"));
    const listed = blocked.slice(blocked.indexOf("`source`):"), blocked.indexOf("\n\n"));
    const tabled = (tables(blocked)[0]?.rows ?? []).map((row) => firstSpan(row[0] ?? ""));
    expect([...codeSpans(listed.slice("`source`):".length)), ...tabled].sort()).toEqual(denialSources);
    const hooks = tables(section(markdown, "Hooks").body)[0]?.rows ?? [];
    const permissionDenied = hooks.find((row) => row[0]?.includes("PermissionDenied"))?.[1] ?? "";
    expect(codeSpans(permissionDenied.slice(permissionDenied.indexOf("one of"))).sort()).toEqual(denialSources);
  });
});

describe("README API and the barrels", () => {
  const api = sections(markdown).filter((candidate) => candidate.level === 3 && sections(markdown).some((parent) => parent.title === "API" && parent.line < candidate.line && candidate.line < parent.line + parent.body.split("\n").length));

  test.each(api.filter((heading) => heading.title !== "Types and guards").map((heading) => [heading.title, heading] as const))("API heading %s names exports of its entry point", (_title, heading) => {
    const entry: EntryPoint = /— `(langgraph-hitl\/\w+)`/.exec(heading.title)?.[1] ?? "langgraph-hitl";
    const names = codeSpans(heading.title).flatMap((span) => {
      const called = /^(?:new )?([A-Za-z_$][\w$]*)[(.]/.exec(span);
      return called?.[1] === undefined || span.startsWith("langgraph-hitl") ? [] : [called[1]];
    });
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect({ name, exported: exported.some((candidate) => candidate.name === name && candidate.entry === entry && candidate.value) }).toEqual({ name, exported: true });
  });

  test("every type and guard under 'Types and guards' is exported by the root entry", () => {
    const body = section(markdown, "Types and guards").body;
    const names = codeSpans(body).map((span) => /^([A-Za-z_$][\w$]*)/.exec(span)?.[1] ?? span);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !exported.some((candidate) => candidate.name === name && candidate.entry === "langgraph-hitl"))).toEqual([]);
  });

  test("every function, class and constant the entry points export is documented somewhere in the README", () => {
    const undocumented = exported.filter((entry) => entry.value && !entry.deprecated && !INTERNAL_NAMES.includes(entry.name) && !mentions(entry.name));
    expect(undocumented.map((entry) => `${entry.entry}: ${entry.name}`)).toEqual([]);
  });

  test("deprecated aliases and internals are not mentioned", () => {
    const hidden = [...exported.filter((entry) => entry.deprecated).map((entry) => entry.name), ...INTERNAL_NAMES];
    expect(hidden.filter(mentions)).toEqual([]);
  });
});

/** The table of a section whose first column holds the option names. */
function optionTable(title: string): Map<string, string[]> {
  const table = tables(section(markdown, title).body)[0];
  if (table === undefined) throw new Error(`no table under "${title}"`);
  return new Map(table.rows.map((row) => [firstSpan(row[0] ?? ""), row]));
}

describe("README option tables", () => {
  test("Postgres: the options, their defaults and bounds are the checkpointer's", async () => {
    const rows = optionTable("Postgres");
    const options = [...rows.keys()].filter((name) => name.startsWith("options.")).map((name) => name.slice("options.".length));
    expect(options.sort()).toEqual([...((refusal(() => resolvePostgresOptions({ "not an option": 1 }))?.allowed as string[]) ?? [])].sort());
    const defaults = resolvePostgresOptions({});
    // `serde` has no default of ours: the saver passes none, so LangGraph's default serializer stores every value.
    const pool = new pg.Pool({ max: 2 });
    const defaultSerde = new HITLPostgresSaver(pool).serde.constructor.name;
    await pool.end();
    const expected: Record<string, unknown> = { schema: JSON.stringify(defaults.schema), connectTimeoutMs: JSON.stringify(defaults.connectTimeoutMs), claimLeaseMs: JSON.stringify(defaults.leaseMs), busyWaitMs: JSON.stringify(defaults.busyWaitMs), serde: defaults.serde === undefined ? defaultSerde : "not the saver's default", preparedStatements: JSON.stringify(defaults.preparedStatements) };
    for (const option of options) expect({ option, default: firstSpan(rows.get(`options.${option}`)?.[2] ?? "") }).toEqual({ option, default: expected[option] });
    for (const option of options) {
      const bounds = /(\d+) … (\d+)|≤ (\d+)/.exec(rows.get(`options.${option}`)?.[1] ?? "");
      if (bounds === null) continue;
      const [low, high] = bounds[3] === undefined ? [Number(bounds[1]), Number(bounds[2])] : [1, Number(bounds[3])];
      expect(refusal(() => resolvePostgresOptions({ [option]: low }))).toBeUndefined();
      expect(refusal(() => resolvePostgresOptions({ [option]: high }))).toBeUndefined();
      expect(refusal(() => resolvePostgresOptions({ [option]: high + 1 }))?.code).toBe("INVALID_OPTIONS");
      expect(refusal(() => resolvePostgresOptions({ [option]: low - 1 }))?.code).toBe("INVALID_OPTIONS");
    }
  });

  test("ApprovalToolNode: the table lists exactly the library's own options, with their defaults", () => {
    const rows = optionTable("`new ApprovalToolNode(tools, options?)`");
    const own = [...rows.keys()].filter((name) => name !== "name");
    expect(own.sort()).toEqual([...((refusal(() => approvalMiddleware({ "not an option": 1 } as never))?.allowed as string[]) ?? [])].sort());
    const resolved = resolveNodeOptions({}, []);
    expect(firstSpan(rows.get("interruptOn")?.[2] ?? "")).toBe("{}");
    expect(resolved.interruptOn.size).toBe(0);
    expect(firstSpan(rows.get("humanInTheLoop")?.[2] ?? "")).toBe(`{ enabled: ${resolved.hitlEnabled} }`);
    expect(firstSpan(rows.get("onHookError")?.[2] ?? "")).toBe("console.warn");
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      resolved.onHookError(new Error("probe"), { event: "PreToolUse", toolName: "t", toolCallId: "c" });
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  test("HookRegistry.register: the events, the default bounds and the range are the registry's", () => {
    const rows = optionTable("`new HookRegistry().register(event, { matcher?, hooks, timeoutMs?, shadow?, name? })`");
    const events = codeSpans(rows.get("event")?.[1] ?? "").flatMap((span) => [...span.matchAll(/"(\w+)"/g)].map((match) => match[1] ?? ""));
    expect([...events].sort()).toEqual([...interfaceMembers("src/hooks/types.ts", "HookEventMap")].sort());
    const defaultCell = rows.get("timeoutMs")?.[2] ?? "";
    const [general, observer] = codeSpans(defaultCell).filter((span) => /^\d+$/.test(span)).map(Number);
    const observers = codeSpans(defaultCell.slice(defaultCell.indexOf("for"))).filter((span) => !/^\d+$/.test(span));
    for (const event of events) {
      const bound = new HookRegistry().register(event as "PreToolUse", { hooks: [() => undefined] }).hooksFor(event as "PreToolUse", "t")[0]?.timeoutMs;
      expect({ event, bound }).toEqual({ event, bound: observers.includes(event) ? observer : general });
    }
    const range = /([\d ]+) … ([\d ]+)/.exec(rows.get("timeoutMs")?.[3] ?? "");
    const [low, high] = [Number((range?.[1] ?? "").replace(/ /g, "")), Number((range?.[2] ?? "").replace(/ /g, ""))];
    const register = (timeoutMs: number) => () => new HookRegistry().register("PreToolUse", { hooks: [() => undefined], timeoutMs });
    expect(refusal(register(low))).toBeUndefined();
    expect(refusal(register(high))).toBeUndefined();
    expect(refusal(register(high + 1))?.code).toBe("INVALID_OPTIONS");
    expect(refusal(register(low - 1))?.code).toBe("INVALID_OPTIONS");
  });

  test("remoteHook: the table lists exactly RemoteHookOptions, with the defaults remoteHook applies", () => {
    const table = tables(section(markdown, "Remote policy hooks").body).find((candidate) => candidate.header[0] === "option");
    const rows = new Map((table?.rows ?? []).map((row) => [firstSpan(row[0] ?? ""), row]));
    expect([...rows.keys()].sort()).toEqual([...interfaceMembers("src/remote/options.ts", "RemoteHookOptions")].sort());
    const resolved = resolveRemoteOptions({ transport: { type: "http", url: "https://policy.example/hooks" }, timeoutMs: 1000 });
    expect(firstSpan(rows.get("failurePolicy")?.[2] ?? "")).toBe(JSON.stringify(resolved.failurePolicy));
    expect(firstSpan(rows.get("observeTimeoutMs")?.[2] ?? "")).toBe(String(resolved.observeTimeoutMs));
    expect(firstSpan(rows.get("source")?.[2] ?? "")).toBe(JSON.stringify(resolved.source));
    expect(firstSpan(rows.get("observe")?.[2] ?? "")).toBe(JSON.stringify(resolved.observe));
  });

  test("the approvals inbox: the table lists exactly ListPendingInterruptsOptions, and limit's range is the inbox's", () => {
    const rows = optionTable("The approvals inbox");
    expect([...rows.keys()].sort()).toEqual([...interfaceMembers("src/inbox/types.ts", "ListPendingInterruptsOptions")].sort());
    const [low, high] = (/(\d+)–(\d+)/.exec(rows.get("limit")?.[1] ?? "") ?? []).slice(1).map(Number) as [number, number];
    expect(refusal(() => resolveListOptions({ limit: low }))).toBeUndefined();
    expect(refusal(() => resolveListOptions({ limit: high }))).toBeUndefined();
    expect(refusal(() => resolveListOptions({ limit: high + 1 }))?.code).toBe("INVALID_OPTIONS");
    expect(refusal(() => resolveListOptions({ limit: low - 1 }))?.code).toBe("INVALID_OPTIONS");
  });

  test("createApprovalHandler: the defaults the README gives for basePath, maxBodyBytes and allowedOrigins", () => {
    const inbox = createMemoryCheckpointer();
    const graph = { checkpointer: inbox, getState: async () => ({}) as never, invoke: async () => ({}) };
    const resolved = resolveHandlerOptions({ graph, authenticate: () => ({ id: "u" }), inbox });
    const body = section(markdown, "Serving approvals").body;
    expect(/`basePath` \(default `([^`]*)`\)/.exec(body)?.[1]).toBe(JSON.stringify(resolved.basePath));
    expect(/`maxBodyBytes` \(default (\d+) MiB\)/.exec(body)?.[1]).toBe(String(resolved.maxBodyBytes / 1024 / 1024));
    expect(/`allowedOrigins` \(default `([^`]*)`/.exec(body)?.[1]).toBe(JSON.stringify([...resolved.allowedOrigins]));
  });
});

/** Whether git ignores `path` (generated output such as `bench/results/quick.*`), by the root .gitignore's patterns. */
function ignored(path: string): boolean {
  const patterns = readFileSync(join(ROOT, ".gitignore"), "utf8").split("\n").map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
  return patterns.some((pattern) => {
    const body = pattern.replace(/\/$/, "").replace(/\./g, "\\.").replace(/\*/g, "[^/]*");
    return new RegExp(pattern.includes("/") && !pattern.endsWith("/") ? `^${body}$` : `(^|/)${body}(/|$)`).test(path);
  });
}

/** `a.{json,md}` → `a.json`, `a.md`. */
function expandBraces(path: string): string[] {
  const match = /\{([^}]*)\}/.exec(path);
  if (match === null) return [path];
  return (match[1] ?? "").split(",").flatMap((part) => expandBraces(path.replace(match[0], part)));
}

/** Every file of the repository (relative paths), for matching the README's paths and globs. */
function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name === ".git" || name === "tmp" || name === "dist") return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [`${relative(ROOT, path)}/`, ...repositoryFiles(path)] : [relative(ROOT, path)];
  });
}

describe("README names, paths and links", () => {
  test("every npm script the README runs exists in package.json", () => {
    const run = [...markdown.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? "");
    expect(run.length).toBeGreaterThan(5);
    expect([...new Set(run)].filter((name) => packageJson.scripts[name] === undefined)).toEqual([]);
    if (/npm test\b/.test(markdown)) expect(packageJson.scripts["test"]).toBeDefined();
  });

  test("every repository path the README names exists (a glob matches at least one file)", () => {
    const files = repositoryFiles();
    const named = [...codeSpans(markdown), ...[...markdown.matchAll(/\]\(([^)#\s]+)\)/g)].map((match) => match[1] ?? "")]
      .flatMap((text) => text.split(/\s+/))
      .filter((text) => /^(src|tests|examples|bench|scripts|docs)\/[\w./*{},-]*$/.test(text))
      .flatMap(expandBraces)
      .filter((path) => !ignored(path));
    expect(named.length).toBeGreaterThan(10);
    const missing = [...new Set(named)].filter((path) => {
      if (!path.includes("*")) return !existsSync(join(ROOT, path));
      const pattern = new RegExp(`^${path.replace(/\./g, "\\.").replace(/\*/g, "[^/]*")}$`);
      return !files.some((file) => pattern.test(file));
    });
    expect(missing).toEqual([]);
  });

  test("every link to a heading of the README finds that heading", () => {
    const slugs = new Set(sections(markdown).map((candidate) => candidate.slug));
    const anchors = [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1] ?? "");
    expect(anchors.length).toBeGreaterThan(10);
    expect([...new Set(anchors)].filter((anchor) => !slugs.has(anchor))).toEqual([]);
  });

  test("the install line installs every required peer and every package the quickstart imports", () => {
    const install = codeBlocks(section(markdown, "Install").body)[0]?.code ?? "";
    const installed = new Set((/^npm install (.*)$/m.exec(install)?.[1] ?? "").split(/\s+/));
    const required = Object.keys(packageJson.peerDependencies).filter((name) => packageJson.peerDependenciesMeta[name]?.optional !== true);
    const quickstart = programsOf(codeBlocks(markdown))[0]?.blocks ?? [];
    const imported = quickstart.flatMap((block) => [...block.code.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1] ?? ""));
    const packages = imported.filter((specifier) => !specifier.startsWith("node:")).map((specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/"));
    expect([...new Set([...required, ...packages])].filter((name) => !installed.has(name))).toEqual([]);
    expect(quickstart.every(isTypeScript)).toBe(true);
  });

  test("the Node versions the README supports are the ones package.json's engines field allows", () => {
    // Each range of engines ("^20.19.0 || ^22.12.0 || >=24.0.0") as the README writes it ("20.19+").
    const ranges = packageJson.engines.node.split("||").map((range) => /^(?:\^|>=)(\d+)\.(\d+)\.0$/.exec(range.trim()));
    expect(ranges.length).toBeGreaterThan(0);
    const versions = ranges.map((range) => {
      if (range === null) throw new Error(`engines.node "${packageJson.engines.node}" has a range the README cannot state as "X.Y+": state it and extend this test`);
      return `${range[1]}${range[2] === "0" ? "" : `.${range[2]}`}+`;
    });
    const stated = versions.length === 1 ? versions[0] : `${versions.slice(0, -1).join(", ")} or ${versions.at(-1)}`;
    expect(section(markdown, "Install").body).toContain(`Node.js ${stated}`);
  });
});
