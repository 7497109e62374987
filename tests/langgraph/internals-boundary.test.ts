// Keeps src/langgraph/index.ts's statement true: what this library relies on of LangGraph's and
// LangChain's internals (private config keys, protected members, brands, error text, id formats)
// is named in src/langgraph only, where the contract tests of this folder check it. Anything that
// needs a new internal adds it there, with its contract test, and its marker here.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { sourceFiles } from "../support/source-files.js";

const SRC = resolve(__dirname, "..", "..", "src");

/** What names an internal, and which module of src/langgraph owns it. */
const INTERNALS: ReadonlyArray<[RegExp, string]> = [
  [/__pregel/, "task-config.ts, interrupt-id.ts: LangGraph's private config keys"],
  [/pregelTaskId/, "task-error.ts: the task id LangGraph stamps on a task's error"],
  [/scratchpad|interruptCounter|nullResume/, "interrupt-id.ts, task-config.ts: a task's interrupt bookkeeping"],
  [/checkpoint_map/, "task-config.ts: the checkpoint a task runs from"],
  [/lg_tool_call/, "tool-node-input.ts: a Send packet's tool call"],
  [/ToolNode only accepts/, "tool-node-input.ts: ToolNode's own error messages"],
  [/drainReason|drainRequested|requestDrain/, "run-control.ts: how LangGraph reads a RunControl"],
  [/~brand|"MiddlewareError"/, "middleware-error.ts: LangChain's MiddlewareError brand"],
  [/ToolInvocationError/, "LangChain's ToolInvocationError and its message"],
  [/"extract-/, "the prefix of createAgent's structured-output tool calls"],
  [/\.bound\b|bound\?:/, "graph-nodes.ts: what a PregelNode runs"],
  [/\blc_[a-z]+/, "remote-graph.ts: LangChain's serialisation names"],
  [/\["client"\]|\)\.client\b|protected client/, "remote-graph.ts: RemoteGraph's protected SDK client"],
  [/HTTP \\d|\^HTTP /, "remote-graph.ts: the SDK's HTTP error text"],
  [/UUID v6|GREGORIAN|uuid6/, "checkpoint-id.ts: the time and order of checkpoint ids"],
  [/\b(checkpoint_writes|checkpoint_blobs)\b|\.checkpoints\b/, "LangGraph's Postgres tables"],
  [/\.kwargs \?\?|"constructor"/, "serialized-message.ts: how LangChain writes a message to JSON"],
];

/**
 * Places outside src/langgraph that name an internal: ones still waiting for their move behind
 * src/langgraph (remove the entry with the move), and released migrations, which are frozen
 * (tests/postgres/migrations-frozen.test.ts) and so keep the SQL they ran on LangGraph's tables.
 * An entry that no longer matches fails.
 */
const NOT_YET_MOVED: ReadonlyArray<[string, RegExp]> = [
  ["langchain/tool-turn.ts", /ToolInvocationError/],
  ["postgres/migrations/0000-inbox.ts", /\b(checkpoint_writes|checkpoint_blobs)\b|\.checkpoints\b/],
  ["postgres/migrations/0000-inbox.ts", /UUID v6|GREGORIAN|uuid6/],
  ["postgres/migrations/0001-stock-serialization.ts", /\b(checkpoint_writes|checkpoint_blobs)\b|\.checkpoints\b/],
  ["postgres/migrations/0002-inbox-from-writes.ts", /\b(checkpoint_writes|checkpoint_blobs)\b|\.checkpoints\b/],
  ["postgres/migrations/attachments.ts", /\b(checkpoint_writes|checkpoint_blobs)\b|\.checkpoints\b/],
];

const outside = sourceFiles(SRC)
  .map((path) => relative(SRC, path))
  .filter((path) => !path.startsWith("langgraph/"));

function allowed(file: string, pattern: RegExp): boolean {
  return NOT_YET_MOVED.some(([allowedFile, allowedPattern]) => allowedFile === file && allowedPattern.source === pattern.source);
}

test.each(INTERNALS.map(([pattern, owner]) => [pattern.source, owner, pattern] as const))("only src/langgraph names /%s/ (%s)", (_source, _owner, pattern) => {
  const offenders = outside.filter((file) => !allowed(file, pattern) && pattern.test(readFileSync(join(SRC, file), "utf8")));
  expect(offenders).toEqual([]);
});

test("every place still waiting for its move does name what it is listed for", () => {
  const stale = NOT_YET_MOVED.filter(([file, pattern]) => {
    try {
      return !pattern.test(readFileSync(join(SRC, file), "utf8"));
    } catch {
      return true;
    }
  }).map(([file, pattern]) => `${file} ${pattern.source}`);
  expect(stale).toEqual([]);
});
