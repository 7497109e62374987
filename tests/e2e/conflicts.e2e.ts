import type { Browser } from "playwright-core";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt } from "../../src/index.js";
import { countingTool, toolMessages } from "../support/fixtures.js";
import { launchChromium, openInbox } from "./support/browser.js";
import { agentOn, serveGraph, startRun, type InboxServer } from "./support/inbox-app.js";

const deploy = countingTool("deploy", { schema: z.object({ service: z.string() }) });
const graph = agentOn(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { service: "api" }, id: "x-deploy" }]);
const expiring = agentOn(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 3_000 } } }), [{ name: "deploy", args: { service: "late" }, id: "x-late" }]);

let browser: Browser;
let server: InboxServer;
let expiringServer: InboxServer;
beforeAll(async () => {
  // The browser first: when it cannot start, no server is left open to keep Jest from exiting.
  browser = await launchChromium();
  [server, expiringServer] = await Promise.all([serveGraph(graph), serveGraph(expiring)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await expiringServer?.close();
});

describe("the inbox page when an item is gone before the reviewer submits", () => {
  test("409: someone else resolved it; the page says so, applies nothing, and the tool ran once (theirs)", async () => {
    const config = await startRun(graph);
    // Polling, so the page still shows the card when the reviewer submits (live, it would have left already: see live-updates.e2e.ts).
    const { page, errors, context } = await openInbox(browser, server.url, "alice", undefined, { eventSource: false });
    const card = page.getByRole("article", { name: "deploy" });
    await card.waitFor();

    const pending = await getInterrupt(graph, config);
    const bob = await server.api(`/threads/${config.configurable.thread_id}/resume`, { method: "POST", body: JSON.stringify({ interruptId: pending?.interruptId, decisions: { "x-deploy": { type: "approve" } } }) }, "bob");
    expect(bob.status).toBe(200);
    const before = deploy.count;

    await card.getByRole("button", { name: "Reject" }).click();
    await card.getByRole("button", { name: "Submit decision" }).click();
    const gone = page.getByRole("listitem", { name: "deploy — not applied" });
    await gone.waitFor();
    expect(await gone.textContent()).toContain("Already resolved");
    expect(await page.evaluate(() => document.activeElement?.classList.contains("gone"))).toBe(true);
    await card.waitFor({ state: "detached" });
    expect(deploy.count).toBe(before);
    const [message] = toolMessages((await graph.getState(config)).values);
    expect(message).toMatchObject({ status: "success", additional_kwargs: { hitl: { decision: "approve", reviewer: { id: "u-bob" } } } });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the deadline passed (the node records the approval as expired): the page says it expired and nothing ran", async () => {
    const config = await startRun(expiring);
    const { page, context } = await openInbox(browser, expiringServer.url);
    const card = page.getByRole("article", { name: "deploy" });
    await card.waitFor();
    expect(await card.locator("time.deadline").textContent()).toBe("expires in under a minute");
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const before = deploy.count;
    await card.getByRole("button", { name: "Approve" }).click();
    await card.getByRole("button", { name: "Submit decision" }).click();
    const gone = page.getByRole("listitem", { name: "deploy — not applied" });
    await gone.waitFor();
    expect(await gone.textContent()).toContain("Expired");
    expect(deploy.count).toBe(before);
    const [message] = toolMessages((await expiring.getState(config)).values);
    expect(message).toMatchObject({ status: "error", additional_kwargs: { hitl: { source: "expired" } } });
    await context.close();
  });
});
