import { HumanMessage } from "@langchain/core/messages";
import { END, interrupt, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { z } from "zod";
import { ApprovalToolNode, createMemoryCheckpointer } from "../../src/index.js";
import { PER_CALL_VALUE } from "../langchain/per-call-payload.cases.js";
import { scriptedAgent } from "../../examples/support/agent-graph.js";
import { countingTool, newThread, toolCallingScript } from "../support/fixtures.js";
import { startRun, useInboxSession } from "./support/inbox-app.js";

// One checkpointer (one inbox) for both graphs: the page lists both threads side by side.
const checkpointer = createMemoryCheckpointer();
const foreign = new StateGraph(MessagesAnnotation)
  .addNode("foreign", () => {
    interrupt(PER_CALL_VALUE);
    return {};
  })
  .addEdge(START, "foreign")
  .addEdge("foreign", END)
  .compile({ checkpointer });
const deploy = countingTool("deploy", { schema: z.object({ service: z.string() }) });
const ours = scriptedAgent(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), toolCallingScript([{ name: "deploy", args: { service: "api" }, id: "d-1" }]), checkpointer).graph;
const session = useInboxSession(ours);

describe("the inbox page and LangChain's per-call tool_approval shape", () => {
  test("a pending per-call LangChain interrupt is not shown as an approval card and breaks nothing on the page", async () => {
    // The foreign thread is paused in the same inbox the page reads.
    await foreign.invoke({ messages: [new HumanMessage("go")] }, newThread("foreign"));
    await startRun(ours);
    const { page, errors, context } = await session.open();
    await page.getByRole("article", { name: "deploy" }).first().waitFor();
    expect(await page.getByRole("article").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
