import { z } from "zod";
import { ApprovalToolNode, getInterrupt, isToolApprovalInterrupt } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";
import { agentOn, startRun, useInboxSession } from "./support/inbox-app.js";

const deploy = countingTool("deploy", { schema: z.object({ service: z.string().min(1), replicas: z.number().int().min(1) }) });
const graph = agentOn(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { service: "billing", replicas: 2 }, id: "c-deploy" }]);
const session = useInboxSession(graph);

describe("the edit form uses the tool's args_schema", () => {
  test("shows what each argument must be, and refuses a wrongly typed edit before sending it", async () => {
    const config = await startRun(graph);
    const { page, errors } = await session.open();
    const approval = page.getByRole("article", { name: /deploy/ });
    await approval.waitFor();
    await approval.getByRole("button", { name: "Edit", exact: true }).click();

    const hints = approval.getByRole("list", { name: "Expected arguments" });
    expect(await hints.getByRole("listitem").allTextContents()).toEqual(["service: string, at least 1 character(s) (required)", "replicas: integer, ≥ 1 (required)"]);
    const editor = approval.getByLabel("New arguments (JSON)");
    expect(await editor.getAttribute("aria-describedby")).toContain(await hints.getAttribute("id"));

    await editor.fill(JSON.stringify({ service: "billing", replicas: "3" }));
    await approval.getByRole("button", { name: "Submit decision" }).click();
    const problems = approval.locator("ul.problems");
    await problems.waitFor();
    expect(await problems.textContent()).toBe('replicas must be integer, not "3".');
    // Nothing was sent: the pending approval carries no refusal, and nothing ran.
    const pending = await getInterrupt(graph, config);
    expect(isToolApprovalInterrupt(pending?.payload) && pending.payload.error).toBeUndefined();
    expect(deploy.count).toBe(0);

    await editor.fill(JSON.stringify({ service: "billing", replicas: 3 }));
    await approval.getByRole("button", { name: "Submit decision" }).click();
    await page.getByRole("listitem", { name: /^deploy — decided by/ }).waitFor();
    expect(deploy.runs).toEqual([{ service: "billing", replicas: 3 }]);
    expect(errors).toEqual([]);
  });
});
