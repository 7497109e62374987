import type { ToolMessage } from "@langchain/core/messages";
import { DynamicTool, tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { HookRegistry, formatInterrupt, getInterrupt, resume, type DecisionEvent, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import type { Adapter, BehaviourCases, SaverFactory } from "./harness.js";

/** What LangChain's OpenAI parser hands on when the model writes its arguments as a JSON string. */
const SENT = "rm -rf /important";

/** A tool that takes a string, and every input it ran with. */
interface StringTool {
  tool: StructuredToolInterface | DynamicTool;
  runs: unknown[];
}

const STRING_TOOLS: Array<[string, () => StringTool]> = [
  [
    "a z.string() tool",
    () => {
      const runs: unknown[] = [];
      const created = tool(async (input: string) => (runs.push(input), "done"), { name: "shell", description: "runs a command", schema: z.string() });
      return { tool: created as unknown as StructuredToolInterface, runs };
    },
  ],
  [
    "a DynamicTool",
    () => {
      const runs: unknown[] = [];
      return { tool: new DynamicTool({ name: "shell", description: "runs a command", func: async (input: string) => (runs.push(input), "done") }), runs };
    },
  ],
];

function hitlOf(message: ToolMessage | undefined): unknown {
  return message?.additional_kwargs["hitl"];
}

async function shellTurn(saver: SaverFactory, adapter: Adapter, shell: StringTool, options: { hooks?: HookRegistry; onDecision?: (event: DecisionEvent) => void } = {}) {
  const setup = adapter.approvals([shell.tool], { interruptOn: { shell: true }, ...options });
  const calls: PlannedCall[] = [{ name: "shell", args: SENT as never, id: "s1" }];
  const { graph } = adapter.agentGraph(setup, calls, await saver());
  const config = newThread("as-sent");
  const first = await graph.invoke(ask(), config);
  return { graph, config, first, pending: await getInterrupt<ToolApprovalInterruptPayload>(graph, config) };
}

/**
 * A `deploy` tool with a plain JSON Schema (its input reaches the tool as it is), every call of it
 * needing approval, and every input it ran with.
 */
function reviewedDeploy(adapter: Adapter) {
  const runs: unknown[] = [];
  const schema = { type: "object", properties: { path: { type: "string" }, opts: { type: "array" } }, required: ["path"] } as const;
  const deploy = tool(async (input) => (runs.push(input), "deployed"), { name: "deploy", description: "deploys", schema });
  return { runs, setup: adapter.approvals([deploy as never], { interruptOn: { deploy: true } }) };
}

export const argumentsAsSentCases: BehaviourCases = (saver, adapter) => {
  describe("arguments as sent: hooks, the reviewer and the audit see exactly what runs", () => {
    test.each(STRING_TOOLS)("%s: a PreToolUse hook is given the string the model sent, denies it, and the tool never runs", async (_label, make) => {
      const shell = make();
      const seen: unknown[] = [];
      const hooks = new HookRegistry().register("PreToolUse", {
        hooks: [({ toolInput }) => (seen.push(toolInput), JSON.stringify(toolInput).includes("rm") ? { decision: "deny", reason: "no rm" } : undefined)],
      });
      const { first, pending } = await shellTurn(saver, adapter, shell, { hooks });
      expect([...new Set(seen)]).toEqual([SENT]);
      expect(pending).toBeUndefined();
      expect(shell.runs).toEqual([]);
      expect(toolMessages(first).map(hitlOf)).toEqual([expect.objectContaining({ decision: "deny", source: "policy" })]);
    });

    test.each(STRING_TOOLS)("%s: the payload and formatInterrupt show the string, and approve runs the tool with exactly that string", async (_label, make) => {
      const shell = make();
      const decided: DecisionEvent[] = [];
      const { graph, config, pending } = await shellTurn(saver, adapter, shell, { onDecision: (event) => void decided.push(event) });
      expect(pending?.payload.action_requests).toEqual([expect.objectContaining({ tool_call_id: "s1", arguments: SENT, args: SENT })]);
      expect(formatInterrupt(pending!.payload)).toContain(JSON.stringify(SENT));
      expect(formatInterrupt(pending!.payload, { format: "html" })).toContain(SENT);
      expect(shell.runs).toEqual([]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(shell.runs).toEqual([SENT]);
      expect(toolMessages(values).map(hitlOf)).toEqual([expect.objectContaining({ decision: "approve", source: "reviewer" })]);
      expect(decided.map((event) => event.arguments)).toEqual([SENT]);
    });

    test.each([
      ["a number", 42],
      ["a string", "/tmp/a"],
      ["an object without the required field", { file: "/tmp/a" }],
    ])("arguments the tool's schema refuses (%s) get its schema error before anyone sees them: no hook, no interrupt, no run", async (_label, args) => {
      const deleteFile = countingTool("delete_file");
      const seen: unknown[] = [];
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ toolInput }) => void seen.push(toolInput)] });
      const setup = adapter.approvals([deleteFile.tool], { interruptOn: { delete_file: true }, hooks });
      const { graph } = adapter.agentGraph(setup, [{ name: "delete_file", args: args as never, id: "d1" }], await saver());
      const config = newThread("schema");
      const result = await graph.invoke(ask(), config);
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(seen).toEqual([]);
      expect(deleteFile.runs).toEqual([]);
      expect(toolMessages(result).map((message) => [message.status, hitlOf(message)])).toEqual([
        ["error", expect.objectContaining({ decision: "deny", source: "invalid_arguments", reason: expect.any(String) })],
      ]);
    });

    test('arguments holding a "__proto__" key (JSON.parse keeps it, a checkpoint does not): the run\'s own interrupt shows the arguments the stored one shows, and the approved tool runs with exactly those', async () => {
      const { runs, setup } = reviewedDeploy(adapter);
      const args = JSON.parse('{"path": "/srv/app", "__proto__": {"force": true}, "opts": [{"__proto__": {"x": 1}, "y": 2}, 3]}') as Record<string, unknown>;
      const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args, id: "d1" }], await saver());
      const config = newThread("proto-args");
      const first = (await graph.invoke(ask(), config)) as { __interrupt__?: Array<{ value: ToolApprovalInterruptPayload }> };
      const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
      const shown = '{"path":"/srv/app","opts":[{"y":2},3]}';
      expect(JSON.stringify(first.__interrupt__?.[0]?.value)).not.toContain("__proto__");
      expect(first.__interrupt__?.[0]?.value.action_requests.map((request) => JSON.stringify(request.args))).toEqual([shown]);
      expect(pending?.payload.action_requests.map((request) => JSON.stringify(request.args))).toEqual([shown]);
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(runs.map((input) => JSON.stringify(input))).toEqual([shown]);
      expect((runs[0] as { force?: unknown }).force).toBeUndefined();
    });

    test.each([
      ["a LangChain object (lc: 1)", '{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"], "kwargs": {"content": "hi"}}'],
      ["a Set (lc: 2)", '{"lc": 2, "type": "constructor", "id": ["Set"], "method": null, "args": [[1]]}'],
      ["undefined (lc: 2)", '{"lc": 2, "type": "undefined"}'],
    ])("arguments holding %s, which a checkpoint gives back as another value: the call is answered unreviewable at once, never reviewed, never run", async (_label, record) => {
      const { runs, setup } = reviewedDeploy(adapter);
      const args = JSON.parse(`{"path": "/srv/app", "opts": [1, ${record}]}`) as Record<string, unknown>;
      const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args, id: "d1" }], await saver());
      const config = newThread("lc-args");
      const first = await graph.invoke(ask(), config);
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(runs).toEqual([]);
      expect(toolMessages(first).map((message) => [message.status, hitlOf(message)])).toEqual([
        ["error", expect.objectContaining({ decision: "deny", source: "unreviewable", reason: expect.stringContaining("LangChain serialization record at args.opts[1]") })],
      ]);
    });

    test("with a sibling to review, such a call is not in the approval, and after it neither runs: one error ToolMessage each way, the sibling runs once", async () => {
      const { runs: deployed, setup } = reviewedDeploy(adapter);
      const revived = JSON.parse('{"path": "/srv/a", "v": {"lc": 2, "type": "undefined"}}') as Record<string, unknown>;
      const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args: revived, id: "d1" }, { name: "deploy", args: { path: "/srv/b" }, id: "d2" }], await saver());
      const config = newThread("lc-sibling");
      await graph.invoke(ask(), config);
      const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
      expect(pending?.payload.action_requests.map((request) => request.tool_call_id)).toEqual(["d2"]);
      const { values } = await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(deployed).toEqual([{ path: "/srv/b" }]);
      // By the resume the checkpoint has revived the record, so the call reads as one that asked only after the review.
      expect(toolMessages(values).map((message) => [message.tool_call_id, message.status, (hitlOf(message) as { source?: string }).source])).toEqual([
        ["d1", "error", "changed_after_review"],
        ["d2", "success", "reviewer"],
      ]);
    });

    test.each([
      ["a secret record (lc: 1, read as written)", '{"lc": 1, "type": "secret", "id": ["API_KEY"]}'],
      ["an lc: 2 record of a type the reader does not know", '{"lc": 2, "type": "something_new", "value": 1}'],
    ])("arguments holding %s are reviewed as usual, and approved, run exactly as sent", async (_label, record) => {
      const { runs, setup } = reviewedDeploy(adapter);
      const args = JSON.parse(`{"path": "/srv/app", "v": ${record}}`) as Record<string, unknown>;
      const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args, id: "d1" }], await saver());
      const config = newThread("lc-kept");
      await graph.invoke(ask(), config);
      const pending = await getInterrupt<ToolApprovalInterruptPayload>(graph, config);
      expect(pending?.payload.action_requests.map((request) => request.args)).toEqual([args]);
      await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
      expect(runs).toEqual([args]);
    });

    test("a model's non-url under a JSON Schema tool's url format is refused at once with the validator's words (its own check backtracks exponentially on it): no hook, no interrupt, no run", async () => {
      const runs: unknown[] = [];
      const schema = { type: "object", properties: { link: { type: "string", format: "url" } }, required: ["link"] } as const;
      const fetchPage = tool(async (input) => (runs.push(input), "fetched"), { name: "fetch_page", description: "fetches a page", schema });
      const seen: unknown[] = [];
      const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ toolInput }) => void seen.push(toolInput)] });
      const setup = adapter.approvals([fetchPage as never], { interruptOn: { fetch_page: true }, hooks });
      const { graph } = adapter.agentGraph(setup, [{ name: "fetch_page", args: { link: `http://${"a".repeat(60)}!` }, id: "f1" }], await saver());
      const config = newThread("url-format");
      const result = await graph.invoke(ask(), config);
      expect(await getInterrupt(graph, config)).toBeUndefined();
      expect(seen).toEqual([]);
      expect(runs).toEqual([]);
      expect(toolMessages(result).map((message) => hitlOf(message))).toEqual([
        expect.objectContaining({ decision: "deny", source: "invalid_arguments", reason: 'link: String does not match format "url".' }),
      ]);
    });
  });
};
