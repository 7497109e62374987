import type { Page } from "playwright-core";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool } from "../../src/index.js";
import { countingTool, toolMessages } from "../support/fixtures.js";
import { agentOn, startRun, useInboxSession } from "./support/inbox-app.js";

const deploy = countingTool("deploy", { schema: z.object({ service: z.string() }) });
const graph = agentOn(new ApprovalToolNode([deploy.tool, createAskUserQuestionTool()], { interruptOn: { deploy: { allowedDecisions: ["approve", "reject"] } } }), [
  { name: "deploy", args: { service: "billing-api" }, id: "k-deploy" },
]);

const session = useInboxSession(graph);

/** What the focused element is, as a person hears it: its text or label. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const label = (element as HTMLInputElement | null)?.labels?.[0]?.textContent ?? element?.getAttribute("aria-label") ?? element?.textContent ?? "";
    return `${element?.tagName.toLowerCase()}:${label.trim()}`;
  });
}

/** Presses Tab until `target` has the focus (at most 40 times); returns every stop on the way. */
async function tabTo(page: Page, target: string): Promise<string[]> {
  const stops: string[] = [];
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press("Tab");
    stops.push(await focused(page));
    if (stops.at(-1) === target) return stops;
  }
  throw new Error(`Tab never reached ${target}; stops: ${stops.join(" → ")}`);
}

describe("the inbox page with the keyboard only", () => {
  test("Tab, Space and Enter approve a call: it runs once, and the focus lands on the result", async () => {
    const config = await startRun(graph);
    const { page, errors, context } = await session.open();
    await page.getByRole("article", { name: "deploy" }).waitFor();

    const stops = await tabTo(page, "button:Approve");
    expect(stops[0]).toBe("button:Refresh");
    const focusRing = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(focusRing).toBe("solid 3px");
    await page.keyboard.press("Space");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("true");
    expect(await tabTo(page, "button:Submit decision")).toEqual(["button:Reject", "input:Comment (optional; saved with your decisions)", "button:Submit decision"]);
    await page.keyboard.press("Enter");

    await page.getByRole("listitem", { name: /decided by Alice/ }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-labelledby") !== null && document.activeElement?.classList.contains("resolved"))).toBe(true);
    expect(deploy.runs).toEqual([{ service: "billing-api" }]);
    const [message] = toolMessages((await graph.getState(config)).values);
    expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "approve", reviewer: { id: "u-alice" } });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("Enter on Reject reveals the reason field as the next Tab stop; the call does not run", async () => {
    const config = await startRun(graph);
    const before = deploy.count;
    const { page, context } = await session.open();
    await page.getByRole("article", { name: "deploy" }).waitFor();
    await tabTo(page, "button:Reject");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("textarea:Reason for rejecting (optional; the model sees it)");
    await page.keyboard.type("Not during the freeze.");
    await tabTo(page, "button:Submit decision");
    await page.keyboard.press("Enter");
    await page.getByRole("listitem", { name: /decided by Alice/ }).waitFor();
    expect(deploy.count).toBe(before);
    const [message] = toolMessages((await graph.getState(config)).values);
    expect(message).toMatchObject({ status: "error", additional_kwargs: { hitl: { decision: "reject", reason: "Not during the freeze." } } });
    await context.close();
  });

  test("every control has an accessible name, and the page declares its language", async () => {
    await startRun(graph);
    const { page, context } = await session.open();
    await page.getByRole("article", { name: "deploy" }).first().waitFor();
    await page.getByRole("button", { name: "Reject" }).first().click();
    const snapshot = await page.locator("body").ariaSnapshot();
    const controls = snapshot.split("\n").filter((line) => /^\s*- (button|textbox|radio|checkbox|group|article|listitem)\b/.test(line));
    expect(controls.length).toBeGreaterThan(5);
    const unnamed = controls.filter((line) => /^\s*- (button|textbox|radio|checkbox|group|article)(?: \[|:|$)/.test(line));
    expect(unnamed).toEqual([]);
    expect(await page.evaluate(() => [...document.querySelectorAll("input, textarea")].filter((field) => (field as HTMLInputElement).labels?.length === 0).length)).toBe(0);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await context.close();
  });
});
