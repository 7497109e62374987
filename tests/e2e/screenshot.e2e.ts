import { mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { SAMPLE_REQUESTS, supportDeskScript, supportDeskTools } from "../../examples/support/support-desk.js";
import { launchChromium, openInbox } from "./support/browser.js";
import { agentOn, serveGraph, startRun, type InboxServer } from "./support/inbox-app.js";

// `UPDATE_SCREENSHOT=1 npm run test:e2e` refreshes the README's picture; otherwise it goes to tmp/.
const target = process.env.UPDATE_SCREENSHOT === "1" ? join(__dirname, "../../docs/inbox.png") : join(__dirname, "../../tmp/e2e/inbox.png");

let browser: Browser;
let app: InboxServer;
beforeAll(async () => {
  const graph = agentOn(supportDeskTools(), supportDeskScript);
  // The browser first: when it cannot start, no server is left open to keep Jest from exiting.
  browser = await launchChromium();
  app = await serveGraph(graph);
  await startRun(graph, SAMPLE_REQUESTS.refund, "ticket-4790");
  await startRun(graph, SAMPLE_REQUESTS.refund, "ticket-4821");
  await startRun(graph, SAMPLE_REQUESTS.release, "release-2.14.0");
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test("the inbox renders approvals with folded arguments, a question and a resolved item, without script errors", async () => {
  const { page, errors, context } = await openInbox(browser, app.url, "alice", { width: 1000, height: 1280 });
  const first = page.getByRole("article").filter({ hasText: "ticket-4790" });
  await first.getByRole("group", { name: /Decision for refund_payment/ }).getByRole("button", { name: "Approve" }).click();
  await first.getByRole("group", { name: /Decision for send_email/ }).getByRole("button", { name: "Reject" }).click();
  await first.getByRole("group", { name: /^send_email/ }).getByLabel(/Reason for rejecting/).fill("The refund was already announced by phone.");
  await first.getByRole("button", { name: "Submit 2 decisions" }).click();
  await page.getByRole("listitem", { name: /decided by Alice/ }).waitFor();
  const approval = page.getByRole("article").filter({ hasText: "ticket-4821" });
  const question = page.getByRole("article", { name: "Which environment should I deploy release 2.14.0 to?" });
  await approval.waitFor();
  await question.waitFor();
  expect(await approval.locator("details.folded summary").first().textContent()).toContain("characters");
  expect(await question.getByRole("radio").count()).toBe(2);
  await approval.getByRole("group", { name: /Decision for refund_payment/ }).getByRole("button", { name: "Approve" }).click();
  mkdirSync(dirname(target), { recursive: true });
  await page.screenshot({ path: target, fullPage: true });
  expect(statSync(target).size).toBeGreaterThan(20_000);
  expect(errors).toEqual([]);
  await context.close();
});
