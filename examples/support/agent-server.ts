import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

/** A LangGraph Agent Server running on loopback, in memory, serving `examples/remote-server/agent.ts`. */
export interface LocalAgentServer {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  /** The graph id to pass to `RemoteGraph` / the SDK client. */
  graphId: string;
  /** The id of the same agent whose approvals expire after 50 ms. */
  expiringGraphId: string;
  /** The id of the same agent whose node requires decisions signed with `REMOTE_SIGNING_KEY`. */
  signedGraphId: string;
  /** The id of an agent whose `deploy` fails its first run (`handleToolErrors: false`). */
  flakyGraphId: string;
  /** The id of an agent whose `PostToolUse` hook halts the run after a deploy (`preventContinuation`). */
  haltingGraphId: string;
  /** The id of an agent whose `PostToolUse` hook cancels the run after a deploy (`cancelRun`). */
  cancellingGraphId: string;
  /** The id of a `createAgent` + `approvalMiddleware` agent whose `PostToolUse` hook halts the run after a deploy. */
  middlewareHaltingGraphId: string;
  /** The id of an agent whose approved `deploy` waits, once started, until `<counter file>.release.<thread id>` exists. */
  gatedGraphId: string;
  /** The id of an agent that asks a question, then runs that gated `deploy` unreviewed in the same batch. */
  gatedAskingGraphId: string;
  /** The id of a graph whose node runs the agent and whose state keeps no messages (only a request and a summary). */
  summarisingGraphId: string;
  /** The id of a graph whose one node is the agent, as a subgraph. */
  teamGraphId: string;
  /** Stops the server and removes its scratch folder. */
  stop(): Promise<void>;
}

/** Options of {@link startLocalAgentServer}. */
export interface LocalAgentServerOptions {
  /** The file the served `deploy` tool appends one line to per execution. */
  counterFile?: string;
  /** How long to wait for the server to answer. Default: 120 s. */
  startTimeoutMs?: number;
  /** Where the server's own log goes. Default: discarded. */
  log?: (chunk: string) => void;
  /** Other graphs to serve: graph id → `path/to/file.ts:export`, the path absolute. Default: only examples/remote-server/agent.ts's. */
  graphs?: Record<string, string>;
}

const REPO_ROOT = resolve(__dirname, "..", "..");
const CLI = join(REPO_ROOT, "node_modules", "@langchain", "langgraph-cli", "dist", "cli", "cli.mjs");
const GRAPH_FILE = join(REPO_ROOT, "examples", "remote-server", "agent.ts");

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Agent Server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/ok`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`the Agent Server did not answer on ${url} in time`);
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  // The CLI starts the server as its own child: signal the whole group it leads.
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  }, 5000);
  await exited;
  clearTimeout(timer);
  // The CLI can exit before the server it started: that server writes its state into the
  // scratch folder (.langgraph_api) as it shuts down. Wait for the whole group, so the folder is
  // removed only once nothing writes into it (ENOTEMPTY otherwise); kill what outlives 5 s.
  if (!(await groupExited(child.pid, Date.now() + 5000))) {
    signalGroup(child.pid, "SIGKILL");
    await groupExited(child.pid, Date.now() + 2000);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether no process of the group `pid` leads is left, polled until `deadline`. */
async function groupExited(pid: number, deadline: number): Promise<boolean> {
  while (signalGroup(pid, 0)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Starts `langgraphjs dev` (from `@langchain/langgraph-cli`) on 127.0.0.1 in a scratch folder:
 * in memory, no browser, no reload, tracing and CLI analytics off, so nothing leaves the machine.
 * The served graph imports this library from `src` (the CLI runs TypeScript through tsx).
 *
 * @param options - `counterFile`, `startTimeoutMs`, `log`.
 * @returns `{ url, graphId, stop }`.
 * @throws {Error} When the server exits or does not answer in time.
 * @example
 * ```ts
 * const server = await startLocalAgentServer();
 * const graph = new RemoteGraph({ graphId: server.graphId, url: server.url });
 * await server.stop();
 * ```
 */
export async function startLocalAgentServer(options: LocalAgentServerOptions = {}): Promise<LocalAgentServer> {
  const folder = await mkdtemp(join(tmpdir(), "hitl-agent-server-"));
  // The CLI joins graph paths onto the config's folder, so the path must be relative to it.
  const graphPath = relative(folder, GRAPH_FILE);
  const extra = Object.fromEntries(Object.entries(options.graphs ?? {}).map(([id, target]) => [id, relative(folder, target)]));
  const graphs = { agent: `${graphPath}:graph`, expiring: `${graphPath}:expiring`, signed: `${graphPath}:signed`, flaky: `${graphPath}:flaky`, halting: `${graphPath}:halting`, cancelling: `${graphPath}:cancelling`, middlewareHalting: `${graphPath}:middlewareHalting`, gated: `${graphPath}:gated`, gatedAsking: `${graphPath}:gatedAsking`, summarising: `${graphPath}:summarising`, team: `${graphPath}:team`, ...extra };
  await writeFile(join(folder, "langgraph.json"), JSON.stringify({ node_version: "20", graphs, dependencies: ["."] }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [CLI, "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", String(port), "--studio-url", url, "--config", join(folder, "langgraph.json")];
  const child = spawn(process.execPath, args, {
    cwd: folder,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      LANGSMITH_TRACING: "false",
      LANGCHAIN_TRACING_V2: "false",
      LANGGRAPH_CLI_NO_ANALYTICS: "1",
      BROWSER: "none",
      HITL_REMOTE_COUNTER_FILE: options.counterFile ?? "",
    },
  });
  const log = options.log ?? (() => undefined);
  child.stdout?.on("data", (chunk: Buffer) => log(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log(chunk.toString()));
  const stop = async (): Promise<void> => {
    await stopProcessGroup(child);
    await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  try {
    await waitUntilReady(url, child, Date.now() + (options.startTimeoutMs ?? 120_000));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, graphId: "agent", expiringGraphId: "expiring", signedGraphId: "signed", flakyGraphId: "flaky", haltingGraphId: "halting", cancellingGraphId: "cancelling", middlewareHaltingGraphId: "middlewareHalting", gatedGraphId: "gated", gatedAskingGraphId: "gatedAsking", summarisingGraphId: "summarising", teamGraphId: "team", stop };
}
