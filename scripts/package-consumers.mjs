// The programs scripts/check-package.mjs runs inside its scratch project, each once as an ES module
// and once as CommonJS, the way a user's project would load the installed package.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Wraps `body` so it runs as `name.mjs` (after `esmImports`) and as `name.cjs` (after `cjsRequires`). */
function writeBoth(dir, name, { esmImports, cjsRequires, body }) {
  writeFileSync(join(dir, `${name}.mjs`), `${esmImports}\nconst FORMAT = "esm";\n${body}`);
  writeFileSync(
    join(dir, `${name}.cjs`),
    `const FORMAT = "cjs";\n(async () => {\n${cjsRequires}\n${body}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
  );
  return [`${name}.mjs`, `${name}.cjs`];
}

/** Writes one program as it is; returns its file name. */
function writeOne(dir, name, text) {
  writeFileSync(join(dir, name), text);
  return name;
}

// Every subpath of the "exports" map loads and exports something; each program prints
// `{ subpath: [export names] }` so the caller can check both formats export the same names (one
// format missing an export is the classic dual-package slip).
const subpathsBody = (subpaths) => `const names = {};
for (const spec of ${JSON.stringify(subpaths)}) {
  const loaded = await load(spec);
  const exported = spec.endsWith(".json") ? loaded.default ?? loaded : loaded;
  names[spec] = Object.keys(exported).filter((key) => key !== "default" && key !== "__esModule").sort();
  if (names[spec].length === 0) throw new Error(spec + " loaded but exports nothing");
}
console.log(JSON.stringify(names));`;

/** Writes the every-subpath programs; returns their file names. */
export function writeSubpathPrograms(dir, subpaths) {
  return writeBoth(dir, "subpaths", {
    esmImports: `const load = (spec) => (spec.endsWith(".json") ? import(spec, { with: { type: "json" } }) : import(spec));`,
    cjsRequires: `const load = async (spec) => require(spec);`,
    body: subpathsBody(subpaths),
  });
}

const graphRun = `const { ApprovalToolNode, HookRegistry, start, resume, isHITLError, askUserQuestion } = hitl;
const { tool } = lcTools;
const { StateGraph, MessagesAnnotation, MemorySaver, START, END } = lg;
const { AIMessage } = msgs;
const t = tool(async () => "ok", { name: "deploy", description: "deploys", schema: { type: "object", properties: {} } });
const node = new ApprovalToolNode([t], { interruptOn: { deploy: true }, hooks: new HookRegistry() });
const graph = new StateGraph(MessagesAnnotation).addNode("tools", node).addEdge(START, "tools").addEdge("tools", END).compile({ checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "pkg" } };
const { interrupt } = await start(graph, { messages: [new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "deploy", args: {} }] })] }, config);
if (interrupt === undefined) throw new Error("the approval did not pause the run");
const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: interrupt.interruptId });
if (values.messages.at(-1).content !== "ok") throw new Error("resume did not run the tool");
if (typeof isHITLError !== "function" || typeof askUserQuestion !== "function") throw new Error("missing exports");
console.log("ok (graph, " + FORMAT + ")");`;

// The optional Postgres subpath: it loads, its saver is LangGraph's PostgresSaver, and its errors
// carry our codes (an unreachable port needs no database).
const postgresRun = `const { createPostgresCheckpointer, HITLPostgresSaver } = hitlPg;
const { isHITLError } = hitl;
const unreachable = "postgresql://nobody:secret@127.0.0.1:1/none";
const saver = new HITLPostgresSaver(new pg.Pool({ connectionString: unreachable }));
if (!(saver instanceof lgPg.PostgresSaver) || typeof saver.listPendingInterrupts !== "function") throw new Error("HITLPostgresSaver is not a PostgresSaver with an inbox");
await saver.end();
const invalid = await createPostgresCheckpointer(unreachable, { schema: "no-dashes" }).catch((error) => error);
if (!isHITLError(invalid, "INVALID_OPTIONS")) throw new Error("bad options were not refused with INVALID_OPTIONS");
const down = await createPostgresCheckpointer(unreachable).catch((error) => error);
if (!isHITLError(down, "DATABASE_UNAVAILABLE")) throw new Error("an unreachable database did not give DATABASE_UNAVAILABLE");
console.log("ok (postgres, " + FORMAT + ")");`;

// The HTTP subpath: a handler over an in-memory inbox answers its JSON API and serves the built page.
const httpRun = `const { StateGraph, MessagesAnnotation, START, END } = lg;
const graph = new StateGraph(MessagesAnnotation).addNode("noop", () => ({})).addEdge(START, "noop").addEdge("noop", END).compile({ checkpointer: hitl.createMemoryCheckpointer() });
const handler = http.createApprovalHandler({ graph, authenticate: http.anonymousReviewer() });
const list = await handler(new Request("http://local/interrupts"));
if (list.status !== 200) throw new Error("GET /interrupts answered " + list.status);
const page = await (await handler(new Request("http://local/"))).text();
if (!page.includes("<script>") || page.includes("has not been built")) throw new Error("the reviewer page is missing from the package");
if (typeof http.toNodeListener !== "function") throw new Error("toNodeListener is missing");
console.log("ok (http, " + FORMAT + ")");`;

// The dual-package hazard: an ES module host resuming a graph built from the CommonJS build (two
// module instances of the package, each with its own copy of LangGraph). The approved call runs
// once, and the checkpoint the host's resume() read is the one the graph's checkpointer serves its
// run: the stock MemorySaver under it reads once per resume, as with one copy.
const dualPackage = `import { createRequire } from "node:module";
import { resume, getInterrupt } from "langgraph-hitl";
const require = createRequire(import.meta.url);
const cjs = require("langgraph-hitl");
if (cjs.resume === resume) throw new Error("the ES module and CommonJS builds are one module instance: nothing to check");
const { tool } = require("@langchain/core/tools");
const { StateGraph, MessagesAnnotation, START, END } = require("@langchain/langgraph");
const { AIMessage } = require("@langchain/core/messages");
let runs = 0;
const t = tool(async () => { runs += 1; return "ok"; }, { name: "deploy", description: "deploys", schema: { type: "object", properties: {} } });
const checkpointer = cjs.createMemoryCheckpointer();
const node = new cjs.ApprovalToolNode([t], { interruptOn: { deploy: true } });
const graph = new StateGraph(MessagesAnnotation).addNode("tools", node).addEdge(START, "tools").addEdge("tools", END).compile({ checkpointer });
const config = { configurable: { thread_id: "dual" } };
await graph.invoke({ messages: [new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "deploy", args: {} }] })] }, config);
const pending = await getInterrupt(graph, config);
if (pending === undefined) throw new Error("the approval did not pause the run");
const stock = Object.getPrototypeOf(Object.getPrototypeOf(checkpointer));
const read = stock.getTuple;
let reads = 0;
stock.getTuple = function (...args) { reads += 1; return read.apply(this, args); };
const { status } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId });
stock.getTuple = read;
if (status !== "applied" || runs !== 1) throw new Error("resume across the two builds: " + status + ", the tool ran " + runs + " times");
if (reads !== 1) throw new Error("resume across the two builds read the thread " + reads + " times (1 with one copy): the hand-over was not recognised");
console.log("ok (an ES module host resumes a CommonJS graph: applied, 1 run, 1 read)");
`;

/** Writes the behaviour programs (a real graph paused and resumed, the Postgres and HTTP subpaths, the two builds side by side); returns their file names. */
export function writeBehaviourPrograms(dir) {
  return [
    ...writeBoth(dir, "graph", {
      esmImports: `import * as hitl from "langgraph-hitl";\nimport * as lcTools from "@langchain/core/tools";\nimport * as lg from "@langchain/langgraph";\nimport * as msgs from "@langchain/core/messages";`,
      cjsRequires: `const hitl = require("langgraph-hitl");\nconst lcTools = require("@langchain/core/tools");\nconst lg = require("@langchain/langgraph");\nconst msgs = require("@langchain/core/messages");`,
      body: graphRun,
    }),
    ...writeBoth(dir, "postgres", {
      esmImports: `import * as hitl from "langgraph-hitl";\nimport * as hitlPg from "langgraph-hitl/postgres";\nimport * as lgPg from "@langchain/langgraph-checkpoint-postgres";\nimport pg from "pg";`,
      cjsRequires: `const hitl = require("langgraph-hitl");\nconst hitlPg = require("langgraph-hitl/postgres");\nconst lgPg = require("@langchain/langgraph-checkpoint-postgres");\nconst pg = require("pg");`,
      body: postgresRun,
    }),
    ...writeBoth(dir, "http", {
      esmImports: `import * as hitl from "langgraph-hitl";\nimport * as http from "langgraph-hitl/http";\nimport * as lg from "@langchain/langgraph";`,
      cjsRequires: `const hitl = require("langgraph-hitl");\nconst http = require("langgraph-hitl/http");\nconst lg = require("@langchain/langgraph");`,
      body: httpRun,
    }),
    writeOne(dir, "dual-package.mjs", dualPackage),
  ];
}

/** Writes one ESM and one CommonJS TypeScript consumer of the published declarations; returns their file names. */
export function writeTypeConsumers(dir) {
  writeFileSync(
    join(dir, "types.mts"),
    `import { ApprovalToolNode, resume, type ToolApprovalDecision } from "langgraph-hitl";
import { createPostgresCheckpointer, HITLPostgresSaver, type PostgresCheckpointerOptions } from "langgraph-hitl/postgres";
import { createApprovalHandler, type ApprovalHandler } from "langgraph-hitl/http";
const d: ToolApprovalDecision = { type: "approve" };
const o: PostgresCheckpointerOptions = { schema: "agents" };
const make: () => Promise<HITLPostgresSaver> = () => createPostgresCheckpointer("postgresql://localhost/db", o);
const serve = (graph: Parameters<typeof createApprovalHandler>[0]["graph"]): ApprovalHandler => createApprovalHandler({ graph, authenticate: () => ({ id: "u" }) });
export { ApprovalToolNode, resume, d, make, serve };
`,
  );
  writeFileSync(
    join(dir, "types.cts"),
    `import hitl = require("langgraph-hitl");
import hitlPg = require("langgraph-hitl/postgres");
import hitlHttp = require("langgraph-hitl/http");
const anonymous: () => { id: string } = hitlHttp.anonymousReviewer();
const d: hitl.ToolApprovalDecision = { type: "reject", reason: "no" };
const continued = (saver: hitlPg.HITLPostgresSaver): Promise<number> => hitl.withThreadContinuation(saver, "t1", async () => 1);
export = { node: hitl.ApprovalToolNode, d, continued, make: hitlPg.createPostgresCheckpointer, anonymous };
`,
  );
  return ["types.mts", "types.cts"];
}
