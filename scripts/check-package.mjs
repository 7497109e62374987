// Packs the library as npm would publish it, then imports it (and its "langgraph-hitl/postgres"
// subpath) from ESM and requires it from CommonJS, and type-checks both consumers, the way a
// user's project would.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(".");
const work = join(root, "tmp", "package-check");
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "node_modules", "langgraph-hitl"), { recursive: true });

const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", work], { encoding: "utf8" }))[0];
execFileSync("tar", ["-xzf", join(work, packed.filename), "-C", join(work, "node_modules", "langgraph-hitl"), "--strip-components=1"]);
const files = packed.files.map((file) => file.path);
if (files.some((path) => path.startsWith("src/") || path.startsWith("tests/"))) throw new Error("the package ships sources or tests");
// The Postgres packages are optional peers: only the "langgraph-hitl/postgres" subpath may load them.
const optionalPeer = /(?:from |require\()["'](?:pg|@langchain\/langgraph-checkpoint-postgres)["']/;
const outside = files.filter((path) => path.endsWith(".js") && !path.includes("/postgres/"));
const leaks = outside.filter((path) => optionalPeer.test(readFileSync(join(work, "node_modules", "langgraph-hitl", path), "utf8")));
if (leaks.length > 0) throw new Error(`outside the postgres subpath, these load an optional peer: ${leaks.join(", ")}`);

const body = (load) => `${load}
const { ApprovalToolNode, HookRegistry, getInterrupt, resume, isHITLError, askUserQuestion } = hitl;
const { tool } = lcTools;
const { StateGraph, MessagesAnnotation, MemorySaver, START, END } = lg;
const { AIMessage } = msgs;
const t = tool(async () => "ok", { name: "deploy", description: "deploys", schema: { type: "object", properties: {} } });
const node = new ApprovalToolNode([t], { interruptOn: { deploy: true }, hooks: new HookRegistry() });
const graph = new StateGraph(MessagesAnnotation).addNode("tools", node).addEdge(START, "tools").addEdge("tools", END).compile({ checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "pkg" } };
await graph.invoke({ messages: [new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "deploy", args: {} }] })] }, config);
const pending = await getInterrupt(graph, config);
const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
if (values.messages.at(-1).content !== "ok") throw new Error("resume did not run the tool");
if (typeof isHITLError !== "function" || typeof askUserQuestion !== "function") throw new Error("missing exports");
console.log("ok:", import.meta?.url ? "esm" : "cjs");
`;
writeFileSync(
  join(work, "consumer.mjs"),
  body(`import * as hitl from "langgraph-hitl";
import * as lcTools from "@langchain/core/tools";
import * as lg from "@langchain/langgraph";
import * as msgs from "@langchain/core/messages";`),
);
writeFileSync(
  join(work, "consumer.cjs"),
  `(async () => {\n${body(`const hitl = require("langgraph-hitl");
const lcTools = require("@langchain/core/tools");
const lg = require("@langchain/langgraph");
const msgs = require("@langchain/core/messages");`).replace("import.meta?.url", "false")}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
);
// The optional Postgres subpath: it loads, its saver is LangGraph's PostgresSaver, and its errors
// carry our codes (an unreachable port needs no database).
const postgresBody = (load) => `${load}
const { createPostgresCheckpointer, HitlPostgresSaver } = hitlPg;
const { isHITLError } = hitl;
const unreachable = "postgresql://nobody:secret@127.0.0.1:1/none";
const saver = new HitlPostgresSaver(new pg.Pool({ connectionString: unreachable }));
if (!(saver instanceof lgPg.PostgresSaver) || typeof saver.withThreadLock !== "function") throw new Error("HitlPostgresSaver is not a PostgresSaver with withThreadLock");
await saver.end();
const invalid = await createPostgresCheckpointer(unreachable, { schema: "no-dashes" }).catch((error) => error);
if (!isHITLError(invalid, "INVALID_OPTIONS")) throw new Error("bad options were not refused with INVALID_OPTIONS");
const down = await createPostgresCheckpointer(unreachable).catch((error) => error);
if (!isHITLError(down, "DATABASE_UNAVAILABLE")) throw new Error("an unreachable database did not give DATABASE_UNAVAILABLE");
console.log("ok (postgres):", import.meta?.url ? "esm" : "cjs");
`;
writeFileSync(
  join(work, "postgres-consumer.mjs"),
  postgresBody(`import * as hitl from "langgraph-hitl";
import * as hitlPg from "langgraph-hitl/postgres";
import * as lgPg from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";`),
);
writeFileSync(
  join(work, "postgres-consumer.cjs"),
  `(async () => {\n${postgresBody(`const hitl = require("langgraph-hitl");
const hitlPg = require("langgraph-hitl/postgres");
const lgPg = require("@langchain/langgraph-checkpoint-postgres");
const pg = require("pg");`).replace("import.meta?.url", "false")}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
);

// The HTTP subpath: a handler over an in-memory inbox answers its JSON API and serves the built page.
const httpBody = (load) => `${load}
const { StateGraph, MessagesAnnotation, START, END } = lg;
const graph = new StateGraph(MessagesAnnotation).addNode("noop", () => ({})).addEdge(START, "noop").addEdge("noop", END).compile({ checkpointer: hitl.createMemoryCheckpointer() });
const handler = http.createApprovalHandler({ graph, authenticate: http.anonymousReviewer() });
const list = await handler(new Request("http://local/interrupts"));
if (list.status !== 200) throw new Error("GET /interrupts answered " + list.status);
const page = await (await handler(new Request("http://local/"))).text();
if (!page.includes("<script>") || page.includes("has not been built")) throw new Error("the reviewer page is missing from the package");
if (typeof http.toNodeListener !== "function") throw new Error("toNodeListener is missing");
console.log("ok (http):", import.meta?.url ? "esm" : "cjs");
`;
writeFileSync(
  join(work, "http-consumer.mjs"),
  httpBody(`import * as hitl from "langgraph-hitl";
import * as http from "langgraph-hitl/http";
import * as lg from "@langchain/langgraph";`),
);
writeFileSync(
  join(work, "http-consumer.cjs"),
  `(async () => {\n${httpBody(`const hitl = require("langgraph-hitl");
const http = require("langgraph-hitl/http");
const lg = require("@langchain/langgraph");`).replace("import.meta?.url", "false")}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
);

for (const consumer of ["consumer.mjs", "consumer.cjs", "postgres-consumer.mjs", "postgres-consumer.cjs", "http-consumer.mjs", "http-consumer.cjs"]) {
  execFileSync(process.execPath, [consumer], { cwd: work, stdio: "inherit" });
}

// Type-check one ESM and one CommonJS consumer against the published declarations.
writeFileSync(
  join(work, "types.mts"),
  `import { ApprovalToolNode, resume, type ToolApprovalDecision } from "langgraph-hitl";
import { createPostgresCheckpointer, HitlPostgresSaver, type PostgresCheckpointerOptions } from "langgraph-hitl/postgres";
const d: ToolApprovalDecision = { type: "approve" };
const o: PostgresCheckpointerOptions = { schema: "agents" };
const make: () => Promise<HitlPostgresSaver> = () => createPostgresCheckpointer("postgresql://localhost/db", o);
import { createApprovalHandler, type ApprovalHandler } from "langgraph-hitl/http";
const serve = (graph: Parameters<typeof createApprovalHandler>[0]["graph"]): ApprovalHandler => createApprovalHandler({ graph, authenticate: () => ({ id: "u" }) });
export { ApprovalToolNode, resume, d, make, serve };
`,
);
writeFileSync(
  join(work, "types.cts"),
  `import hitl = require("langgraph-hitl");
import hitlPg = require("langgraph-hitl/postgres");
import hitlHttp = require("langgraph-hitl/http");
const anonymous: () => { id: string } = hitlHttp.anonymousReviewer();
const d: hitl.ToolApprovalDecision = { type: "reject", reason: "no" };
const lock = (saver: hitlPg.HitlPostgresSaver): Promise<number> => saver.withThreadLock("t1", async () => 1);
export = { node: hitl.ApprovalToolNode, d, lock, make: hitlPg.createPostgresCheckpointer, anonymous };
`,
);
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "--strict", "--skipLibCheck", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--types", "node", join(work, "types.mts"), join(work, "types.cts")], { cwd: work, stdio: "inherit" });
console.log(`package check passed (${files.length} files packed)`);
