import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt, resume, type ResumeValue, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { agentGraph, ask, countingTool, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";

const schema = z.object({ service: z.string(), replicas: z.number().int().min(1) });

async function pausedDeploy() {
  const deploy = countingTool("deploy", { schema });
  const node = new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
  const { graph } = agentGraph(node, [{ name: "deploy", args: { service: "api", replicas: 2 }, id: "c1" }]);
  const config = newThread("formats");
  const paused = await graph.invoke(ask(), config);
  const interruptId = interruptsOf(paused)[0]?.id ?? "";
  return { deploy, graph, config, interruptId };
}

/** Valid values of each client format, and what the one `deploy` call should end as. */
const valid: Array<[format: string, label: string, value: unknown, runs: Array<Record<string, unknown>>, status: string, hitl: Record<string, unknown>]> = [
  ["LangChain", "approve", { decisions: [{ type: "approve" }] }, [{ service: "api", replicas: 2 }], "success", { decision: "approve" }],
  ["LangChain", "edit (values as strings)", { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: "3" } } }] }, [{ service: "web", replicas: 3 }], "success", { decision: "edit" }],
  ["LangChain", "reject", { decisions: [{ type: "reject", message: "not on Fridays" }] }, [], "error", { decision: "reject" }],
  ["LangChain", "respond", { decisions: [{ type: "respond", message: "done by hand" }] }, [], "success", { decision: "respond" }],
  ["agent-inbox", "accept", [{ type: "accept", args: null }], [{ service: "api", replicas: 2 }], "success", { decision: "approve" }],
  ["agent-inbox", "edit", [{ type: "edit", args: { action: "deploy", args: { service: "web", replicas: "4" } } }], [{ service: "web", replicas: 4 }], "success", { decision: "edit" }],
  ["agent-inbox", "ignore", [{ type: "ignore", args: null }], [], "error", { decision: "reject" }],
  ["agent-inbox", "response", [{ type: "response", args: "use staging" }], [], "success", { decision: "respond" }],
];

/** Junk in each format: the approval is raised again with `error`, nothing runs. */
const junk: Array<[format: string, label: string, value: unknown, code: string]> = [
  ["LangChain", "an unknown type", { decisions: [{ type: "maybe" }] }, "INVALID_DECISION"],
  ["LangChain", "an edit naming another tool", { decisions: [{ type: "edit", edited_action: { name: "drop_database", args: {} } }] }, "INVALID_EDIT"],
  ["LangChain", "an edit whose string does not spell an integer", { decisions: [{ type: "edit", editedAction: { name: "deploy", args: { service: "web", replicas: "3.5" } } }] }, "INVALID_EDIT"],
  ["agent-inbox", "a response without text", [{ type: "response", args: null }], "INVALID_DECISION"],
  ["agent-inbox", "an edit naming another tool", [{ type: "edit", args: { action: "drop_database", args: {} } }], "INVALID_EDIT"],
];

const addressing: Array<[string, (interruptId: string, value: unknown) => Command<unknown, never, never>]> = [
  ["a plain raw Command", (_id, value) => new Command({ resume: value })],
  ["an id-keyed raw Command", (id, value) => new Command({ resume: { [id]: value } })],
];

describe.each(addressing)("client formats through %s", (_label, command) => {
  test.each(valid)("%s %s runs as decided", async (_format, _case, value, runs, status, hitl) => {
    const { deploy, graph, config, interruptId } = await pausedDeploy();
    const final = await graph.invoke(command(interruptId, value), config);
    expect(deploy.runs).toEqual(runs);
    const [message] = toolMessages(final);
    expect(message?.status ?? "success").toBe(status);
    expect(message?.additional_kwargs["hitl"]).toMatchObject(hitl);
    expect(interruptsOf(final)).toEqual([]);
  });

  test.each(junk)("%s %s re-raises the approval with its error and runs nothing", async (_format, _case, value, code) => {
    const { deploy, graph, config, interruptId } = await pausedDeploy();
    const again = await graph.invoke(command(interruptId, value), config);
    expect(deploy.count).toBe(0);
    const payload = interruptsOf(again)[0]?.value as ToolApprovalInterruptPayload;
    expect(payload.error?.code).toBe(code);
    // Still resumable: a valid answer then runs the call once.
    await graph.invoke(new Command({ resume: { [interruptsOf(again)[0]?.id ?? ""]: [{ type: "approve" }] } }), config);
    expect(deploy.count).toBe(1);
  });
});

describe("client formats through resume()", () => {
  test.each(valid)("%s %s runs as decided", async (_format, _case, value, runs, status) => {
    const { deploy, graph, config } = await pausedDeploy();
    const pending = await getInterrupt(graph, config);
    const { values } = await resume(graph, config, value as ResumeValue, { interruptId: pending!.interruptId, reviewer: { id: "u1" } });
    expect(deploy.runs).toEqual(runs);
    const [message] = toolMessages(values);
    expect(message?.status ?? "success").toBe(status);
    expect(message?.additional_kwargs["hitl"]).toMatchObject({ reviewer: { id: "u1" } });
  });

  test.each(junk)("%s %s is refused before anything is submitted", async (_format, _case, value, code) => {
    const { deploy, graph, config } = await pausedDeploy();
    const pending = await getInterrupt(graph, config);
    await expect(resume(graph, config, value as ResumeValue, { interruptId: pending!.interruptId })).rejects.toMatchObject({ name: "HITLError", code });
    expect(deploy.count).toBe(0);
    expect((await getInterrupt(graph, config))?.interruptId).toBe(pending!.interruptId);
  });
});
