import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { HookRegistry } from "../../src/hooks/hook-registry.js";
import { remoteHook } from "../../src/remote/index.js";
import { eventMeta, toolBeforeEvent } from "../../src/remote/protocol.js";
import { ask, newThread, toolMessages } from "../support/fixtures.js";
import { adapters } from "./support/adapters.js";
import { usePolicyBackends } from "./support/policy-backends.js";

const backends = usePolicyBackends();
const transports = backends.transports;

/** A tool the `describe_tool` rule answers by echoing what it was told. */
function describedTool() {
  return tool(async () => "ran", {
    name: "describe_tool",
    description: "Shows what the policy backend is told",
    schema: z.object({ path: z.string() }),
    metadata: { risk: "high", owners: ["ops"] },
  });
}

describe.each(adapters)("%s: tool.before tells a remote policy about the tool", (_adapter, build) => {
  test.each(transports)("over %s: description, input JSON Schema and metadata ride in the dev.langgraph-hitl.tool extension; the fields an older backend reads are as before", async (_transport, transport) => {
    const policy = remoteHook({ transport: transport(), timeoutMs: 15_000 });
    backends.track(policy);
    const graph = build([describedTool()], { hooks: new HookRegistry().use(policy) }, [{ name: "describe_tool", args: { path: "a" }, id: "c1" }]);
    const [message] = toolMessages(await graph.invoke(ask(), newThread()));
    const reason = String((message?.additional_kwargs["hitl"] as { reason?: string } | undefined)?.reason);
    const seen = JSON.parse(reason.replace(/^seen /, "")) as { tool: Record<string, unknown>; extensions: Record<string, unknown> };
    // What a backend written for the earlier events reads is unchanged, key for key.
    expect(seen.tool).toEqual({ callId: "c1", name: "describe_tool", kind: "other", input: { path: "a" } });
    expect(Object.keys(seen.extensions).sort()).toEqual(["dev.langgraph-hitl", "dev.langgraph-hitl.tool"]);
    expect(seen.extensions["dev.langgraph-hitl"]).toEqual({ reviewed: false });
    expect(seen.extensions["dev.langgraph-hitl.tool"]).toEqual({
      description: "Shows what the policy backend is told",
      inputSchema: expect.objectContaining({ type: "object", properties: { path: { type: "string" } }, required: ["path"] }),
      metadata: { risk: "high", owners: ["ops"] },
    });
  });
});

test("a tool with nothing to describe gets no tool extension: its tool.before is exactly what an older backend was sent", () => {
  const meta = eventMeta("urn:langgraph-hitl", "t-1", "session_x", new Date(0));
  const event = toolBeforeEvent(meta, { toolName: "sh", toolInput: "ls", toolCallId: "c2", reviewed: true });
  expect(event).toEqual({ ...meta, type: "tool.before", tool: { callId: "c2", name: "sh", kind: "other", input: "ls" }, extensions: { "dev.langgraph-hitl": { reviewed: true } } });
});
