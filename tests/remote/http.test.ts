import { getInterrupt } from "../../src/host/get-interrupt.js";
import { resume } from "../../src/host/resume.js";
import { remoteHook, type RemoteHook } from "../../src/remote/index.js";
import { ask, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import { graphWith } from "./support/graph.js";
import { startPolicyServer, type PolicyServer } from "./support/http-policy-server.js";

let server: PolicyServer;
let policy: RemoteHook;

beforeEach(async () => {
  server = await startPolicyServer();
  policy = remoteHook({ transport: { type: "http", url: server.url }, timeoutMs: 5_000 });
});

afterEach(async () => {
  await policy.close();
  await server.close();
});

describe("remoteHook over HTTP: the backend's effects become decisions", () => {
  test("an empty effect list is no objection: the tool runs", async () => {
    const { graph, tool } = graphWith([policy], [{ name: "lookup", args: { path: "a" } }]);
    const result = await graph.invoke(ask(), newThread());
    expect(tool("lookup").count).toBe(1);
    expect(toolMessages(result)[0]?.status).toBe("success");
  });

  test("allow: the tool runs", async () => {
    const { graph, tool } = graphWith([policy], [{ name: "read_file", args: { path: "a" } }]);
    await graph.invoke(ask(), newThread());
    expect(tool("read_file").count).toBe(1);
  });

  test("deny: the tool does not run and the model sees the backend's reason", async () => {
    const { graph, tool } = graphWith([policy], [{ name: "send_email", args: { path: "a" } }]);
    const message = toolMessages(await graph.invoke(ask(), newThread()))[0]!;
    expect(tool("send_email").count).toBe(0);
    expect(message.status).toBe("error");
    expect(message.content).toContain("email is off today");
    expect(message.additional_kwargs.hitl).toMatchObject({ decision: "deny", source: "policy" });
  });

  test("ask pauses the run with the backend's reason and allowed decisions; approving runs the tool exactly once", async () => {
    const { graph, tool } = graphWith([policy], [{ name: "delete_file", args: { path: "/tmp/x" }, id: "d1" }]);
    const config = newThread();
    expect(interruptsOf(await graph.invoke(ask(), config))).toHaveLength(1);
    expect(tool("delete_file").count).toBe(0);
    const pending = await getInterrupt(graph, config);
    const payload = pending?.payload.type === "tool_approval" ? pending.payload : undefined;
    expect(payload?.action_requests[0]).toMatchObject({ tool_call_id: "d1", description: "deleting needs a person" });
    expect(payload?.review_configs[0]?.allowed_decisions).toEqual(["approve", "reject"]);
    await resume(graph, config, [{ type: "approve" }], { interruptId: pending!.interruptId });
    expect(tool("delete_file").runs).toEqual([{ path: "/tmp/x" }]);
  });

  test("modify merges into the input: the tool runs with the rewritten arguments", async () => {
    const { graph, tool } = graphWith([policy], [{ name: "write_file", args: { path: "notes.txt" } }]);
    await graph.invoke(ask(), newThread());
    expect(tool("write_file").runs).toEqual([{ path: "/sandbox/notes.txt" }]);
  });

  test("each call is one hooks/intercept request for tool.before with the tool name, input, call id and thread id", async () => {
    const { graph } = graphWith([policy], [{ name: "lookup", args: { path: "a" }, id: "c7" }]);
    const config = newThread();
    await graph.invoke(ask(), config);
    const [request] = server.received;
    expect(server.received).toHaveLength(1);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toMatchObject({
      jsonrpc: "2.0",
      method: "hooks/intercept",
      id: request?.body.params?.event?.id,
      params: {
        protocolVersion: "draft",
        capabilities: { effects: ["deny", "allow", "ask", "modify"] },
        event: {
          type: "tool.before",
          source: "urn:langgraph-hitl",
          session: { id: config.configurable.thread_id },
          tool: { name: "lookup", input: { path: "a" }, callId: "c7", kind: "other" },
        },
      },
    });
  });

  test("the bearer token from auth is sent in the Authorization header, and auth is told the endpoint's origin", async () => {
    const origins: string[] = [];
    const authed = remoteHook({
      transport: { type: "http", url: server.url },
      timeoutMs: 5_000,
      auth: ({ origin }) => {
        origins.push(origin);
        return "s3cr3t-token";
      },
    });
    const { graph } = graphWith([authed], [{ name: "lookup", args: { path: "a" } }]);
    await graph.invoke(ask(), newThread());
    await authed.close();
    expect(server.received[0]?.headers.authorization).toBe("Bearer s3cr3t-token");
    expect(origins).toEqual([new URL(server.url).origin]);
  });
});
