import { MemorySaver } from "@langchain/langgraph";
import { agentGraph, ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";

type Library = typeof import("../../src/index.js");

/** A copy of the package as a second module instance (what a CommonJS graph and an ES module host load). */
function loadCopy(): Library {
  let copy: Library | undefined;
  jest.isolateModules(() => {
    copy = require("../../src/index.js") as Library;
  });
  return copy!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("two copies of the package in one process (graph from one, host from the other)", () => {
  const graphCopy = loadCopy();
  const hostCopy = loadCopy();

  test("the copies are distinct module instances", () => {
    expect(graphCopy.ApprovalToolNode).not.toBe(hostCopy.ApprovalToolNode);
  });

  test("an approval the node expired is reported as expired by the other copy's resume(), and nothing runs", async () => {
    const deploy = countingTool("deploy");
    const node = new graphCopy.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 100 } } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], new MemorySaver());
    const config = newThread("copies-expired");
    await graph.invoke(ask(), config);
    const pending = (await hostCopy.getInterrupt(graph, config))!;
    await sleep(200);
    const result = await hostCopy.resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "ada" } });
    expect(result.status).toBe("expired");
    expect(deploy.count).toBe(0);
  });

  test("a reviewer signed by one copy's resume() is verified by the other copy's node", async () => {
    const deploy = countingTool("deploy");
    const node = new graphCopy.ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } });
    const { graph } = agentGraph(node, [{ name: "deploy", args: { path: "app" }, id: "d1" }], new MemorySaver());
    const config = newThread("copies-verified");
    await graph.invoke(ask(), config);
    const pending = (await hostCopy.getInterrupt(graph, config))!;
    const result = await hostCopy.resume(graph, config, [{ type: "approve" }], { interruptId: pending.interruptId, reviewer: { id: "ada" } });
    expect(result.status).toBe("applied");
    expect(deploy.count).toBe(1);
    expect(toolMessages(result.values)[0]?.additional_kwargs["hitl"]).toMatchObject({ reviewer: { id: "ada" }, reviewerVerified: true });
  });
});
