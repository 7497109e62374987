import type { ToolMessage } from "@langchain/core/messages";
import type { Locator, Page } from "playwright-core";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool } from "../../src/index.js";
import { countingTool, toolMessages } from "../support/fixtures.js";
import { agentOn, startRun, useInboxSession } from "./support/inbox-app.js";

const deploy = countingTool("deploy", { schema: z.object({ service: z.string(), version: z.string() }) });
const sendEmail = countingTool("send_email", { schema: z.object({ to: z.email(), subject: z.string() }) });
const deleteFile = countingTool("delete_file", { schema: z.object({ path: z.string().min(1) }) });
const node = new ApprovalToolNode([deploy.tool, sendEmail.tool, deleteFile.tool, createAskUserQuestionTool()], {
  interruptOn: {
    deploy: { description: "Deploys to production", allowedDecisions: ["approve", "reject"] },
    send_email: { allowedDecisions: ["approve", "edit", "reject"] },
    delete_file: true,
  },
});
// One model message: three calls that need approval and a question, so the approval comes first,
// then the question, and no tool runs until both are answered.
const graph = agentOn(node, [
  { name: "deploy", args: { service: "billing-api", version: "2.14.0" }, id: "c-deploy" },
  { name: "send_email", args: { to: "ops@example.com", subject: "Release notes" }, id: "c-email" },
  { name: "delete_file", args: { path: "/var/log/billing.log" }, id: "c-delete" },
  { name: "ask_user_question", args: { question: "Which region first?", options: [{ label: "Europe", value: "eu" }, { label: "United States", value: "us" }] }, id: "c-ask" },
]);

const session = useInboxSession(graph);

function call(card: Locator, toolName: string): Locator {
  return card.getByRole("group", { name: new RegExp(`^${toolName} `) });
}

function decide(card: Locator, toolName: string, decision: string): Promise<void> {
  return call(card, toolName).getByRole("group", { name: /^Decision for / }).getByRole("button", { name: decision, exact: true }).click();
}

async function buttonsOf(card: Locator, toolName: string): Promise<string[]> {
  return call(card, toolName).getByRole("group", { name: /^Decision for / }).getByRole("button").allTextContents();
}

async function focusedLabel(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.labels?.[0]?.textContent ?? undefined);
}

describe("a reviewer works through a mixed batch in the inbox page", () => {
  test("approve one call, edit another (invalid, then valid), reject a third, answer the question: exactly that runs", async () => {
    const config = await startRun(graph);
    const { page, errors, context } = await session.open();
    const approval = page.getByRole("article", { name: /3 tool calls/ });
    await approval.waitFor();

    // Only the decisions each call's allowed_decisions permit are offered.
    expect(await buttonsOf(approval, "deploy")).toEqual(["Approve", "Reject"]);
    expect(await buttonsOf(approval, "send_email")).toEqual(["Approve", "Edit", "Reject"]);
    expect(await buttonsOf(approval, "delete_file")).toEqual(["Approve", "Edit", "Respond", "Reject"]);
    expect(await call(approval, "deploy").getByText("Deploys to production").isVisible()).toBe(true);

    await decide(approval, "deploy", "Approve");
    await decide(approval, "send_email", "Edit");
    const editor = call(approval, "send_email").getByLabel("New arguments (JSON)");
    expect(JSON.parse(await editor.inputValue())).toEqual({ to: "ops@example.com", subject: "Release notes" });
    await editor.fill(JSON.stringify({ to: "not-an-email", subject: "Release notes" }));
    await decide(approval, "delete_file", "Reject");
    await call(approval, "delete_file").getByLabel(/Reason for rejecting/).fill("Keep the logs for the audit.");
    await approval.getByLabel(/Comment/).fill("Ship it, keep the logs");
    await approval.getByRole("button", { name: "Submit 3 decisions" }).click();

    // The server's INVALID_EDIT lands next to the edited call's editor, which gets the focus; nothing was applied.
    const emailProblems = call(approval, "send_email").locator("ul.problems");
    await emailProblems.waitFor();
    expect(await emailProblems.textContent()).toMatch(/^to: /);
    expect(await editor.getAttribute("aria-invalid")).toBe("true");
    expect(await focusedLabel(page)).toBe("New arguments (JSON)");
    expect(await call(approval, "deploy").locator("ul.problems").isVisible()).toBe(false);
    expect(await approval.getByRole("alert").textContent()).toContain("do not fit the tool");
    expect([deploy.count, sendEmail.count, deleteFile.count]).toEqual([0, 0, 0]);

    await editor.fill(JSON.stringify({ to: "release@example.com", subject: "Release notes" }));
    await approval.getByRole("button", { name: "Submit 3 decisions" }).click();
    const decided = page.getByRole("listitem", { name: "deploy, send_email, delete_file — decided by Alice (u-alice)" });
    await decided.waitFor();
    expect(await decided.textContent()).toContain("waiting for another review");
    expect(await decided.locator(".pill").allTextContents()).toEqual(["Approved", "Edited, then approved", "Rejected"]);
    // Mixed batch: the tools wait for the question's answer too.
    expect([deploy.count, sendEmail.count, deleteFile.count]).toEqual([0, 0, 0]);

    const question = page.getByRole("article", { name: "Which region first?" });
    await question.waitFor();
    await question.getByLabel("Europe").check();
    await question.getByRole("button", { name: "Send answer" }).click();
    const answered = page.getByRole("listitem", { name: "Which region first? — decided by Alice (u-alice)" });
    await answered.waitFor();
    expect(await answered.textContent()).toContain("Answered: Europe");
    expect(await answered.textContent()).toContain("The run went on and finished.");
    expect(await page.getByRole("heading", { name: "Waiting for you (0)" }).isVisible()).toBe(true);

    expect(deploy.runs).toEqual([{ service: "billing-api", version: "2.14.0" }]);
    expect(sendEmail.runs).toEqual([{ to: "release@example.com", subject: "Release notes" }]);
    expect(deleteFile.count).toBe(0);
    const messages = new Map(toolMessages((await graph.getState(config)).values).map((message: ToolMessage) => [message.tool_call_id, message]));
    const alice = { id: "u-alice", name: "Alice" };
    expect(messages.get("c-deploy")).toMatchObject({ status: "success", additional_kwargs: { hitl: { decision: "approve", reviewer: alice, comment: "Ship it, keep the logs" } } });
    expect(messages.get("c-email")).toMatchObject({ status: "success", additional_kwargs: { hitl: { decision: "edit", reviewer: alice } } });
    expect(String(messages.get("c-email")?.content)).toContain("release@example.com");
    expect(messages.get("c-delete")).toMatchObject({ status: "error", additional_kwargs: { hitl: { decision: "reject", reason: "Keep the logs for the audit.", reviewer: alice } } });
    expect(messages.get("c-ask")?.content).toBe("eu");
    expect(messages.size).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });
});
