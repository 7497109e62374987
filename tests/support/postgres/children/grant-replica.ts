// A replica for the standing-grant tests: its own pool and saver over the test database, an
// agent whose model calls `deploy` with the path the person's message names, and a line protocol
// on stdin (one command a line, one answer a line) so the parent drives it like a service.
import { createInterface } from "node:readline";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import pg from "pg";
import { z } from "zod";
import { scriptedAgent } from "../../../../examples/support/agent-graph.js";
import { ApprovalToolNode, getInterrupt, isHITLError, listGrants, resume, revokeGrant, type ToolApprovalInterruptPayload } from "../../../../src/index.js";
import { HITLPostgresSaver } from "../../../../src/postgres/index.js";

const [url = ""] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on("error", () => undefined);
const saver = new HITLPostgresSaver(pool);

const deploy = tool(
  async ({ path }) => {
    await pool.query("INSERT INTO grant_runs (pid, path) VALUES ($1, $2)", [process.pid, path]);
    return `deployed ${path}`;
  },
  { name: "deploy", description: "deploys", schema: z.object({ path: z.string() }) },
);

let calls = 0;
const script = (messages: BaseMessage[]) => {
  const last = messages[messages.length - 1];
  if (last?.getType() !== "human") return new AIMessage("done");
  calls += 1;
  return new AIMessage({ content: "", tool_calls: [{ name: "deploy", args: { path: String(last.content) }, id: `deploy-${process.pid}-${calls}`, type: "tool_call" as const }] });
};
const { graph } = scriptedAgent(new ApprovalToolNode([deploy], { interruptOn: { deploy: true }, grants: {} }), script, saver);
const config = (threadId: string) => ({ configurable: { thread_id: threadId } });

const commands: Record<string, (args: string[]) => Promise<string>> = {
  // batch <thread> <path>: the next model turn; "paused <interrupt id>" or "ran".
  async batch([threadId = "", path = ""]) {
    await graph.invoke({ messages: [new HumanMessage(path)] }, config(threadId));
    const pending = await getInterrupt(graph, config(threadId));
    return pending === undefined ? "ran" : `paused ${pending.interruptId}`;
  },
  // grant <thread> <interrupt id>: approves the pending call with a tool-wide thread grant; "granted <status> <created grant id>".
  async grant([threadId = "", interruptId = ""]) {
    try {
      const pending = (await getInterrupt<ToolApprovalInterruptPayload>(graph, config(threadId)))!;
      const id = pending.payload.action_requests[0]!.tool_call_id;
      const result = await resume(graph, config(threadId), { [id]: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } } }, { interruptId, reviewer: { id: `pid-${process.pid}` } });
      const messages = (result.values as { messages?: Array<{ additional_kwargs?: { hitl?: { createdGrantId?: string } } }> }).messages ?? [];
      const created = messages.map((message) => message.additional_kwargs?.hitl?.createdGrantId).find((grantId) => grantId !== undefined);
      return `granted ${result.status} ${created ?? "none"}`;
    } catch (error) {
      return isHITLError(error) ? `error ${error.code}` : `crash ${(error as Error).message}`;
    }
  },
  async revoke([grantId = ""]) {
    return `revoked ${(await revokeGrant(saver, grantId, { revokedBy: { id: `pid-${process.pid}` } }))?.status ?? "none"}`;
  },
  async grants([threadId = ""]) {
    return `grants ${(await listGrants(saver, { limit: 100, threadId, includeInactive: true })).items.map((grant) => `${grant.id}:${grant.status}`).join(",")}`;
  },
};

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const [name = "", ...args] = line.trim().split(" ");
  if (name === "quit") {
    lines.close();
    process.stdin.destroy();
    void saver.end().then(() => {
      console.log("done");
      process.exit(0);
    });
    return;
  }
  void (commands[name]?.(args) ?? Promise.resolve(`unknown ${name}`)).then(
    (answer) => console.log(answer),
    (error: unknown) => console.log(`crash ${(error as Error).message}`),
  );
});
console.log("ready");
