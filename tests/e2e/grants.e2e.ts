import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { ApprovalToolNode, getInterrupt, listGrants } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";
import { agentOn, startRun, useInboxSession } from "./support/inbox-app.js";

const deploy = countingTool("deploy");
const cleanup = countingTool("cleanup");
const node = new ApprovalToolNode([deploy.tool, cleanup.tool], {
  interruptOn: { deploy: true, cleanup: true },
  grants: { tools: ["deploy"], scopes: ["thread", "user"], scopeKeys: { user: (config) => config.configurable?.["user_id"] as string | undefined } },
});
// The person's message names the calls: "deploy <path>" or "both <path>" (a deploy and a cleanup).
let calls = 0;
const graph = agentOn(node, (messages: BaseMessage[]) => {
  const last = messages[messages.length - 1];
  if (last?.getType() !== "human") return new AIMessage("done");
  const [what = "", path = ""] = String(last.content).split(" ");
  const planned = [{ name: "deploy", path }, ...(what === "both" ? [{ name: "cleanup", path }] : [])];
  return new AIMessage({ content: "", tool_calls: planned.map((call) => ({ name: call.name, args: { path: call.path }, id: `${call.name}-${(calls += 1)}`, type: "tool_call" as const })) });
});
const session = useInboxSession(graph);

describe("standing grants in the reviewer page", () => {
  test("approve with “always allow”: the grant is listed, the next batch runs without a pause; revoked from the page, the next one asks again", async () => {
    const threadId = `e2e-grant-${Date.now()}`;
    const config = { configurable: { thread_id: threadId, user_id: "u-alice" } };
    await graph.invoke({ messages: [{ role: "user", content: "deploy app" }] }, config);
    const { page, errors, context } = await session.open();
    const card = page.getByRole("article", { name: /deploy/ });
    await card.waitFor();
    const always = card.getByRole("group", { name: "Always allow" });
    expect(await always.isVisible()).toBe(false);
    await card.getByRole("button", { name: "Approve", exact: true }).click();
    expect(await always.isVisible()).toBe(true);
    expect(await always.getByLabel("Where").isDisabled()).toBe(true);
    expect(await always.getByLabel("Where").locator("option").allTextContents()).toEqual(["this thread", "user u-alice"]);
    expect(await always.getByLabel("Which calls").locator("option").allTextContents()).toEqual(["with exactly these arguments", "with any arguments"]);
    await always.getByLabel(/Also allow later calls of deploy/).check();
    await always.getByLabel("Which calls").selectOption({ label: "with any arguments" });
    await always.getByLabel("How long").selectOption({ label: "for 1 day" });
    await card.getByRole("button", { name: "Submit decision" }).click();
    await page.getByRole("listitem", { name: /deploy — decided by Alice/ }).waitFor();

    const grants = page.getByRole("region", { name: "Standing grants" });
    const entry = grants.getByRole("listitem").filter({ hasText: `deploy with any arguments, on thread ${threadId}` });
    await entry.waitFor();
    expect(await entry.textContent()).toContain("granted by Alice (u-alice)");
    expect(await entry.textContent()).toContain("expires in 1 d");

    await graph.invoke({ messages: [{ role: "user", content: "deploy elsewhere" }] }, config);
    expect(await getInterrupt(graph, config)).toBeUndefined();
    expect(deploy.runs).toEqual([{ path: "app" }, { path: "elsewhere" }]);

    await entry.getByRole("button", { name: /^Revoke/ }).click();
    await entry.waitFor({ state: "detached" });
    const [revoked] = (await listGrants(graph.checkpointer as object, { limit: 10, threadId, includeInactive: true })).items;
    expect(revoked).toMatchObject({ status: "revoked", revokedBy: { id: "u-alice", name: "Alice" } });
    await startRun(graph, "deploy again", threadId);
    await page.getByRole("article", { name: /deploy/ }).waitFor();
    expect(deploy.count).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a call a grant covers is shown as running with the batch; a tool the host lets no one grant offers no “always allow”", async () => {
    const threadId = `e2e-granted-${Date.now()}`;
    const config = { configurable: { thread_id: threadId } };
    await graph.invoke({ messages: [{ role: "user", content: "deploy app" }] }, config);
    const pending = (await getInterrupt(graph, config))!;
    const granted = await session.server.api(`/threads/${threadId}/resume`, {
      method: "POST",
      body: JSON.stringify({ interruptId: pending.interruptId, decisions: { [(pending.payload as { action_requests: Array<{ tool_call_id: string }> }).action_requests[0]!.tool_call_id]: { type: "approve", grant: { scope: "thread", match: { kind: "tool" } } } } }),
    });
    expect(granted.status).toBe(200);
    await graph.invoke({ messages: [{ role: "user", content: "both site" }] }, config);
    const { page, errors, context } = await session.open();
    const card = page.getByRole("article", { name: /cleanup/ });
    await card.waitFor();
    expect(await card.getByText("Also runs once you decide, under a standing grant:").isVisible()).toBe(true);
    expect(await card.locator(".granted-note li").textContent()).toMatch(/^deploy call deploy-/);
    await card.getByRole("button", { name: "Approve", exact: true }).click();
    expect(await card.getByRole("group", { name: "Always allow" }).count()).toBe(0);
    await card.getByRole("button", { name: "Submit decision" }).click();
    await page.getByRole("listitem", { name: /cleanup — decided by Alice/ }).waitFor();
    expect(cleanup.runs).toEqual([{ path: "site" }]);
    expect(deploy.runs.at(-1)).toEqual({ path: "site" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
