// A call result that is a `Command` (a tool updating state, a handoff to another agent) is read
// back from hitl_call_results as the Command the call produced: a completed batch replays it, and
// LangGraph applies it as a Command, not as a message it cannot read.
import { ToolMessage } from "@langchain/core/messages";
import { Command, isCommand, Send } from "@langchain/langgraph";
import { randomUUID } from "node:crypto";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const session = usePostgresCheckpointer();

async function roundTrip(result: ToolMessage | Command): Promise<unknown> {
  const key = { threadId: `command-${randomUUID()}`, namespace: "tools:x", checkpointId: "c1" };
  const review = { decisions: {}, verdicts: {}, decidedAt: new Date().toISOString(), reviewerVerified: false, interruptId: "i1", raises: 1, submissionDigest: "" };
  await session.saver.claimStore.acquire(key, { attempt: "a", owner: "o", review });
  expect(await session.saver.claimStore.saveResults(key, "o", [["h1", result]])).toBe(true);
  return (await session.saver.claimStore.loadResults(key)).get("h1");
}

describe("a Command stored as a call result", () => {
  test("reads back as a Command whose update holds the ToolMessage", async () => {
    const stored = await roundTrip(new Command({ update: { messages: [new ToolMessage({ content: "handed off", tool_call_id: "h1" })], note: 3 } }));
    expect(isCommand(stored)).toBe(true);
    const update = (stored as Command).update as { messages: ToolMessage[]; note: number } | undefined;
    expect(ToolMessage.isInstance(update?.messages[0])).toBe(true);
    expect(update?.messages[0]?.content).toBe("handed off");
    expect(update?.note).toBe(3);
  });

  test("keeps the graph it is addressed to (a handoff to the parent graph), which Command's own toJSON leaves out", async () => {
    const handoff = new Command({ graph: Command.PARENT, goto: "billing_agent", update: { messages: [new ToolMessage({ content: "to billing", tool_call_id: "h1" })] } });
    expect(handoff.toJSON()).not.toHaveProperty("graph");
    const stored = (await roundTrip(handoff)) as Command;
    expect(isCommand(stored)).toBe(true);
    expect(stored.graph).toBe(Command.PARENT);
    expect(stored.goto).toEqual(["billing_agent"]);
  });

  test("keeps a Send in goto as a Send", async () => {
    const stored = (await roundTrip(new Command({ graph: Command.PARENT, goto: [new Send("worker", { task: "ship" })] }))) as Command;
    const [target] = stored.goto as Send[];
    expect(target).toBeInstanceOf(Send);
    expect([target?.node, target?.args]).toEqual(["worker", { task: "ship" }]);
  });

  test("a ToolMessage reads back as the ToolMessage it was", async () => {
    const stored = await roundTrip(new ToolMessage({ content: "done", tool_call_id: "h1", name: "deploy" }));
    expect(ToolMessage.isInstance(stored)).toBe(true);
    expect((stored as ToolMessage).content).toBe("done");
  });
});
