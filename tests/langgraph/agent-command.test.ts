// Contract: what src/langgraph/agent-command.ts relies on of LangChain's createAgent agent. If
// LangChain starts recognising a Command of any copy (the first test fails), runnerFor's detour
// through the agent's graph can go; if the agent's graph stops taking one, the detour breaks.
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { runnerFor } from "../../src/langgraph/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { ask, countingTool, newThread, ScriptedChatModel, toolCallingScript, toolMessages } from "../support/fixtures.js";
import { inFreshModules } from "../support/fresh-modules.js";

type CommandClass = typeof Command;

/** `Command` as another copy of @langchain/langgraph defines it (a second module instance). */
function otherCopysCommand(): CommandClass {
  return inFreshModules(() => (require("@langchain/langgraph") as { Command: CommandClass }).Command);
}

async function pausedAgent(prefix: string) {
  const deploy = countingTool("deploy");
  const model = new ScriptedChatModel(toolCallingScript([{ name: "deploy", args: { path: "app" }, id: "d1" }]));
  const agent = createAgent({ model, tools: [deploy.tool] as never, middleware: [approvalMiddleware({ interruptOn: { deploy: true } })], checkpointer: new MemorySaver() });
  const config = newThread(prefix);
  const paused = (await agent.invoke(ask() as never, config)) as { __interrupt__?: Array<{ id: string }> };
  return { agent, deploy, config, interruptId: paused.__interrupt__![0]!.id };
}

const approve = (interruptId: string, Kind: CommandClass) => new Kind({ resume: { [interruptId]: [{ type: "approve" }] } });

test("another copy's Command is a distinct class", () => {
  expect(otherCopysCommand()).not.toBe(Command);
});

test("createAgent's agent does not take a Command made by another copy of @langchain/langgraph as a resume (it checks instanceof)", async () => {
  const { agent, deploy, config, interruptId } = await pausedAgent("foreign-command");
  await agent.invoke(approve(interruptId, otherCopysCommand()) as never, config);
  expect(deploy.count).toBe(0);
});

test("the agent's compiled graph resumes another copy's Command as the agent resumes its own", async () => {
  const own = await pausedAgent("own-command");
  const other = await pausedAgent("graph-command");
  const viaAgent = await own.agent.invoke(approve(own.interruptId, Command) as never, own.config);
  const viaGraph = await other.agent.graph.invoke(approve(other.interruptId, otherCopysCommand()) as never, other.config);
  expect([own.deploy.count, other.deploy.count]).toEqual([1, 1]);
  const contents = (values: unknown) => toolMessages(values as never).map((message) => [message.tool_call_id, message.content]);
  expect(contents(viaGraph)).toEqual(contents(viaAgent));
});

test("runnerFor goes to the agent's graph only for a Command whose copy the agent does not share", async () => {
  const { agent, interruptId } = await pausedAgent("runner-for");
  expect(runnerFor(agent, approve(interruptId, Command))).toBe(agent);
  expect(runnerFor(agent, { messages: [] })).toBe(agent);
  expect(runnerFor(agent.graph, approve(interruptId, otherCopysCommand()))).toBe(agent.graph);
  // This copy's CompiledStateGraph is not the one the other copy's agent builds its graph with.
  const otherAgent: unknown = inFreshModules(() => {
    const { createAgent: otherCreateAgent } = require("langchain") as typeof import("langchain");
    return otherCreateAgent({ model: new ScriptedChatModel(toolCallingScript([])), tools: [] });
  });
  expect(runnerFor(otherAgent, approve(interruptId, Command))).toBe((otherAgent as { graph: unknown }).graph);
});
