import { z } from "zod";
import { ApprovalToolNode } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";
import { agentOn, startRun, useInboxSession } from "./support/inbox-app.js";

const HOSTILE = `<img src=x onerror="window.__pwned = true">`;
const publish = countingTool("publish", { schema: z.object({ html: z.string() }) });
const graph = agentOn(new ApprovalToolNode([publish.tool], { interruptOn: { publish: { description: `<b>${HOSTILE}</b> review the markup` } } }), [
  { name: "publish", args: { html: HOSTILE }, id: "p-1" },
]);

const session = useInboxSession(graph);

describe("the inbox page", () => {
  test("shows payload text as text: markup in arguments and descriptions never becomes HTML", async () => {
    await startRun(graph);
    const { page, errors, context } = await session.open();
    const card = page.getByRole("article", { name: "publish" }).first();
    await card.waitFor();
    expect(await card.locator("dd pre").first().textContent()).toBe(HOSTILE);
    expect(await card.locator("p.why").textContent()).toBe(`<b>${HOSTILE}</b> review the markup`);
    expect(await page.locator("main img, main b").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("Refresh brings in new items and keeps what the reviewer already typed in the others", async () => {
    const { page, context } = await session.open();
    const first = page.getByRole("article", { name: "publish" }).first();
    await first.waitFor();
    const count = await page.getByRole("article").count();
    await first.getByRole("button", { name: "Respond" }).click();
    const response = first.getByLabel(/Result the model sees/);
    await response.fill("Published by hand.");

    await startRun(graph);
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("heading", { name: `Waiting for you (${count + 1})` }).waitFor();
    expect(await page.getByRole("article").count()).toBe(count + 1);
    expect(await response.inputValue()).toBe("Published by hand.");
    expect(await first.getByRole("button", { name: "Respond" }).getAttribute("aria-pressed")).toBe("true");

    // The automatic refresh (here: the tab becoming visible again) leaves the focus where it was.
    await response.focus();
    await startRun(graph);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.getByRole("heading", { name: `Waiting for you (${count + 2})` }).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.value)).toBe("Published by hand.");
    await context.close();
  });

  test("submitting without a decision sends nothing and points at the undecided call", async () => {
    const { page, context } = await session.open();
    const card = page.getByRole("article", { name: "publish" }).first();
    await card.waitFor();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await card.getByRole("button", { name: "Submit decision" }).click();
    await card.locator("ul.problems").waitFor();
    expect(await card.locator("ul.problems").textContent()).toBe("Choose a decision for publish.");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approve");
    expect(requests.filter((request) => request.startsWith("POST"))).toEqual([]);
    expect(publish.count).toBe(0);
    await context.close();
  });

  test("a reviewer the host refuses sees why, and no item", async () => {
    const { page, context } = await session.open("mallory");
    await page.getByRole("alert").filter({ hasText: "not signed in" }).waitFor();
    expect(await page.getByRole("article").count()).toBe(0);
    await context.close();
  });
});
