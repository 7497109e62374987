import type { Request as BrowserRequest } from "playwright-core";
import { z } from "zod";
import { ApprovalToolNode, getInterrupt } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";
import { agentOn, startRun, useInboxSession } from "./support/inbox-app.js";
import { launchChromium, openInbox } from "./support/browser.js";

const deploy = countingTool("deploy", { schema: z.object({ service: z.string() }) });
const graph = agentOn(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 600_000 } } }), [{ name: "deploy", args: { service: "api" }, id: "live-deploy" }]);
const expiring = agentOn(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: { expiresInMs: 1_500 } } }), [{ name: "deploy", args: { service: "late" }, id: "live-late" }]);

const session = useInboxSession(graph);
const expiringSession = useInboxSession(expiring);

/** The JSON reads of the inbox a tab makes (polling would show up here; the event stream does not). */
function inboxReads(requests: BrowserRequest[]): BrowserRequest[] {
  return requests.filter((request) => new URL(request.url()).pathname.endsWith("/interrupts") && request.headers()["accept"] !== "text/event-stream");
}

describe("the inbox page updates live (server-sent events)", () => {
  test("with two tabs open, approving in one takes the item out of the other without a reload", async () => {
    const config = await startRun(graph);
    const threadId = config.configurable.thread_id;
    const first = await session.open("alice");
    const second = await session.open("bob");
    const cardIn = (tab: typeof first) => tab.page.getByRole("article", { name: "deploy" }).filter({ hasText: threadId });
    await cardIn(first).waitFor();
    await cardIn(second).waitFor();
    await second.page.waitForFunction(() => document.body.dataset["updates"] === "live");
    const navigations: string[] = [];
    second.page.on("framenavigated", (frame) => navigations.push(frame.url()));

    await cardIn(first).getByRole("button", { name: "Approve" }).click();
    await cardIn(first).getByRole("button", { name: "Submit decision" }).click();
    await first.page.getByRole("listitem", { name: /deploy — decided by Alice/ }).waitFor();

    await cardIn(second).waitFor({ state: "detached" });
    const gone = second.page.getByRole("listitem", { name: "deploy — not applied" }).filter({ hasText: threadId });
    await gone.waitFor();
    expect(await gone.textContent()).toContain("Resolved elsewhere");
    expect(navigations).toEqual([]);
    expect(deploy.count).toBe(1);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  test("a pause started after the page loaded appears without a reload or a poll", async () => {
    const tab = await session.open();
    await tab.page.waitForFunction(() => document.body.dataset["updates"] === "live");
    const requests: BrowserRequest[] = [];
    tab.page.on("request", (request) => requests.push(request));
    const before = await tab.page.getByRole("article").count();

    const config = await startRun(graph);
    const card = tab.page.getByRole("article", { name: "deploy" }).filter({ hasText: config.configurable.thread_id });
    await card.waitFor();
    expect(await tab.page.getByRole("article").count()).toBe(before + 1);
    await tab.page.getByRole("heading", { name: `Waiting for you (${before + 1})` }).waitFor();
    expect(inboxReads(requests)).toEqual([]);
    expect(requests.filter((request) => request.isNavigationRequest())).toEqual([]);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test("an approval the expiry job resolves shows as expired, without a reload", async () => {
    const config = await startRun(expiring);
    const tab = await expiringSession.open();
    const card = tab.page.getByRole("article", { name: "deploy" }).filter({ hasText: config.configurable.thread_id });
    await card.waitFor();
    await tab.page.waitForFunction(() => document.body.dataset["updates"] === "live");
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const before = deploy.count;
    const saver = expiring.checkpointer as unknown as { expirePendingInterrupts(graph: unknown): Promise<unknown[]> };
    expect(await saver.expirePendingInterrupts(expiring)).toHaveLength(1);
    await card.waitFor({ state: "detached" });
    const gone = tab.page.getByRole("listitem", { name: "deploy — not applied" });
    await gone.waitFor();
    expect(await gone.textContent()).toContain("Expired");
    expect(deploy.count).toBe(before);
    expect(await getInterrupt(expiring, config)).toBeUndefined();
    await tab.context.close();
  });
});

describe("the inbox page without server-sent events", () => {
  test("falls back to polling, and a new pause still appears without a reload", async () => {
    const browser = await launchChromium();
    try {
      const tab = await openInbox(browser, session.server.url, "alice", undefined, { eventSource: false });
      await tab.page.getByRole("heading", { name: /Waiting for you/ }).waitFor();
      expect(await tab.page.evaluate(() => document.body.dataset["updates"])).toBe("polling");
      const config = await startRun(graph);
      // The page polls every 10 s.
      await tab.page.getByRole("article", { name: "deploy" }).filter({ hasText: config.configurable.thread_id }).waitFor({ timeout: 20_000 });
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    } finally {
      await browser.close();
    }
  });
});
