import { Command } from "@langchain/langgraph";
import { normalizeHitlResponseForServer } from "@langchain/langgraph-sdk/ui";
import { z } from "zod";
import { getInterrupt, isHITLError, resume, type ResumeValue, type ToolApprovalInterruptPayload } from "../../src/index.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages } from "../support/fixtures.js";
import type { Adapter, BehaviourCases, SaverFactory } from "./harness.js";

async function pausedDeploy(saver: SaverFactory, adapter: Adapter) {
  const deploy = countingTool("deploy", { schema: z.object({ service: z.string(), replicas: z.number().int().min(1) }) });
  const setup = adapter.approvals([deploy.tool], { interruptOn: { deploy: true } });
  const { graph } = adapter.agentGraph(setup, [{ name: "deploy", args: { service: "api", replicas: 2 }, id: "c1" }], await saver());
  const config = newThread("spellings");
  await graph.invoke(ask(), config);
  const pending = await getInterrupt(graph, config);
  return { deploy, graph, config, interruptId: pending!.interruptId };
}

/** An edit as `@langchain/langgraph-sdk`'s `respond()` sends it: the SDK's own normalizer writes both spellings. */
const sdkEdit = normalizeHitlResponseForServer({ decisions: [{ type: "edit", editedAction: { name: "deploy", args: { service: "web", replicas: "3" } } }] });
const differingEdit = { decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "web", replicas: 3 } }, editedAction: { name: "deploy", args: { service: "web", replicas: 30 } } }] };

export const clientSpellingCases: BehaviourCases = (saver, adapter) => {
  describe("an edit under both spellings (the LangGraph SDK's respond())", () => {
    test("a raw Command carrying the SDK's both-spellings edit runs the edited call once", async () => {
      const { deploy, graph, config, interruptId } = await pausedDeploy(saver, adapter);
      const final = await graph.invoke(new Command({ resume: { [interruptId]: sdkEdit } }), config);
      expect(deploy.runs).toEqual([{ service: "web", replicas: 3 }]);
      expect(toolMessages(final)[0]?.additional_kwargs["hitl"]).toMatchObject({ decision: "edit" });
      expect(interruptsOf(final)).toEqual([]);
    });

    test("resume() accepts the SDK's both-spellings edit and runs it once", async () => {
      const { deploy, graph, config, interruptId } = await pausedDeploy(saver, adapter);
      const { values, status } = await resume(graph, config, sdkEdit as ResumeValue, { interruptId, reviewer: { id: "u1" } });
      expect(status).toBe("applied");
      expect(deploy.runs).toEqual([{ service: "web", replicas: 3 }]);
      expect(toolMessages(values)[0]?.additional_kwargs["hitl"]).toMatchObject({ decision: "edit", reviewer: { id: "u1" } });
    });

    test("a raw Command whose two spellings differ re-raises the approval with INVALID_DECISION and runs nothing", async () => {
      const { deploy, graph, config, interruptId } = await pausedDeploy(saver, adapter);
      const again = await graph.invoke(new Command({ resume: { [interruptId]: differingEdit } }), config);
      expect(deploy.count).toBe(0);
      const error = (interruptsOf(again)[0]?.value as ToolApprovalInterruptPayload).error;
      expect(error?.code).toBe("INVALID_DECISION");
      expect(error?.message).toMatch(/`edited_action` and `editedAction`.*`args\.replicas`/);
    });

    test("resume() refuses two differing spellings before anything is submitted, and the approval stays answerable", async () => {
      const { deploy, graph, config, interruptId } = await pausedDeploy(saver, adapter);
      const refused = await resume(graph, config, differingEdit as ResumeValue, { interruptId }).catch((error: unknown) => error);
      expect(isHITLError(refused, "INVALID_DECISION")).toBe(true);
      expect(deploy.count).toBe(0);
      await resume(graph, config, sdkEdit as ResumeValue, { interruptId });
      expect(deploy.count).toBe(1);
    });
  });
};
