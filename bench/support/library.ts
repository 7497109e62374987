/**
 * The langgraph-hitl the bench measures. By default the package as it ships: `dist/cjs`, what
 * `require("langgraph-hitl")` loads, built by `npm run build` (which `npm run bench` runs first).
 * The baselines are LangGraph's and LangChain's shipped JavaScript, so ours is measured the same
 * way: the TypeScript source run through tsx is not what a user runs (tsx's esbuild output reads
 * every import through a getter, which costs a one-call `createAgent` cycle ≈ 3 % more here).
 * `BENCH_LIBRARY=source` measures the source instead, for iterating without a build.
 *
 * Every value of ours comes from this one copy: the claim store of a checkpointer, for one, is
 * kept per copy of the package, so mixing copies would measure (and count) the wrong one.
 */
import { join } from "node:path";
import type * as ClaimsModule from "../../src/claims/index.js";
import type * as ThreadStateModule from "../../src/host/thread-state.js";
import type * as RootModule from "../../src/index.js";
import type * as LangChainModule from "../../src/langchain/index.js";
import type * as PostgresModule from "../../src/postgres/index.js";
import type * as SweeperSqlModule from "../../src/postgres/sweeper/due-approvals-sql.js";
import { staleBuildReason } from "./build-freshness.js";
import { measuredLibraryOf, type MeasuredLibrary } from "./library-name.js";

/** The build of ours this process measures (`BENCH_LIBRARY`, default `package`). */
export const measuredLibrary: MeasuredLibrary = measuredLibraryOf(process.env.BENCH_LIBRARY);

const ROOT = join(__dirname, "..", "..");

/** Refuses a missing or stale build. */
function assertFreshBuild(): void {
  const reason = staleBuildReason(join(ROOT, "src"), join(ROOT, "dist", "cjs", "index.js"));
  if (reason !== undefined) throw new Error(`The bench measures the built package, and ${reason}: run \`npm run build\` first (or set BENCH_LIBRARY=source).`);
}

if (measuredLibrary === "package") assertFreshBuild();
const base = measuredLibrary === "package" ? join(ROOT, "dist", "cjs") : join(ROOT, "src");

function load<T>(path: string): T {
  // The source is required without its `.js`, so any TypeScript loader finds the `.ts` (tsx and jest alike).
  return require(join(base, measuredLibrary === "package" ? path : path.replace(/\.js$/, ""))) as T;
}

const root = load<typeof RootModule>("index.js");
const langchain = load<typeof LangChainModule>("langchain/index.js");
const postgres = load<typeof PostgresModule>("postgres/index.js");
const claims = load<typeof ClaimsModule>("claims/index.js");
const threadState = load<typeof ThreadStateModule>("host/thread-state.js");
const sweeperSql = load<typeof SweeperSqlModule>("postgres/sweeper/due-approvals-sql.js");

/** Ours, from the measured build: the root entry point's values the bench uses. */
export const { ApprovalToolNode, HookRegistry, resume, getInterrupt, createMemoryCheckpointer, withThreadContinuation } = root;
/** `langgraph-hitl/langchain`'s middleware, from the measured build. */
export const { approvalMiddleware } = langchain;
/** `langgraph-hitl/postgres`'s saver, from the measured build. */
export const { createPostgresCheckpointer } = postgres;
/** Internals the bench times or counts with (a checkpointer's claim store, the head read, the sweeper's SQL), from the same build. */
export const { claimStoreFor } = claims;
export const { readThreadState } = threadState;
export const { leaseDueSql } = sweeperSql;
