/**
 * `useStream` (`@langchain/langgraph-sdk/react`) in real Chromium against a local LangGraph
 * Agent Server (`langgraphjs dev`, in memory, on 127.0.0.1) serving graphs with our
 * ApprovalToolNode and with createAgent + approvalMiddleware (tests/e2e/support/use-stream/agent.ts).
 * The page shows the approval from the stream and resumes through the SDK; the test counts the
 * tool's executions (a line per run in a file the server's graph appends to) and reads the audit
 * record from the thread's state through the SDK client.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import type { Browser, Page } from "playwright-core";
import { startLocalAgentServer, type LocalAgentServer } from "../../examples/support/agent-server.js";
import { launchChromium } from "./support/browser.js";
import { serveUseStreamPage } from "./support/use-stream/use-stream-app.js";

jest.setTimeout(120_000);

const GRAPHS = join(__dirname, "support", "use-stream", "agent.ts");

let server: LocalAgentServer;
let browser: Browser;
let app: Awaited<ReturnType<typeof serveUseStreamPage>>;
let client: Client;
let scratch = "";
let counterFile = "";

beforeAll(async () => {
  browser = await launchChromium();
  scratch = await mkdtemp(join(tmpdir(), "hitl-use-stream-"));
  counterFile = join(scratch, "deploys.log");
  await writeFile(counterFile, "");
  // Started once for the file: it takes ~20 s on a small machine.
  server = await startLocalAgentServer({ counterFile, graphs: { node: `${GRAPHS}:node`, question: `${GRAPHS}:question`, middleware: `${GRAPHS}:middleware` } });
  client = new Client({ apiUrl: server.url });
  app = await serveUseStreamPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await server?.stop();
  if (scratch !== "") await rm(scratch, { recursive: true, force: true });
});

async function executions(): Promise<string[]> {
  return (await readFile(counterFile, "utf8")).split("\n").filter((line) => line.length > 0);
}

type ToolMessageJson = { type: string; status?: string; content: unknown; additional_kwargs?: { hitl?: Record<string, unknown> } };

async function toolMessagesOf(threadId: string): Promise<ToolMessageJson[]> {
  const state = await client.threads.getState(threadId);
  return ((state.values as { messages?: ToolMessageJson[] }).messages ?? []).filter((message) => message.type === "tool");
}

/** Opens the page for `assistantId`, starts a run, and waits until the stream shows what it asks. */
async function pausedPage(assistantId: string, shows: "#approval" | "#question"): Promise<{ page: Page; threadId: string; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(app.pageUrl(server.url, assistantId));
  await page.click("#start");
  await page.locator(shows).waitFor({ timeout: 30_000 });
  await page.locator("#status", { hasText: "waiting" }).waitFor();
  const threadId = await page.evaluate(() => (window as unknown as { __threadId?: string }).__threadId ?? "");
  return { page, threadId, errors };
}

async function finished(page: Page): Promise<void> {
  await page.locator("#status", { hasText: "finished" }).waitFor({ timeout: 30_000 });
}

describe.each([
  ["ApprovalToolNode", "node"],
  ["createAgent + approvalMiddleware", "middleware"],
])("useStream against a graph with %s on a local Agent Server", (_label, assistantId) => {
  test("shows the approval from the stream; approve resumes the run through the SDK and runs the tool once", async () => {
    const before = (await executions()).length;
    const { page, threadId, errors } = await pausedPage(assistantId, "#approval");
    expect(await page.locator("#approval h2").textContent()).toBe("Approve deploy?");
    expect(JSON.parse((await page.locator("#arguments").textContent()) ?? "")).toEqual({ service: "billing", replicas: 2 });
    await page.click("#approve");
    await finished(page);
    expect((await executions()).slice(before)).toEqual(["billing x2"]);
    const [message] = await toolMessagesOf(threadId);
    expect(message).toMatchObject({ status: "success", content: "Deployed billing with 2 replica(s).", additional_kwargs: { hitl: { decision: "approve", source: "reviewer" } } });
    expect(await page.locator("#results li").allTextContents()).toEqual(["success: Deployed billing with 2 replica(s)."]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("reject resumes the run and runs nothing; the ToolMessage records the rejection", async () => {
    const before = (await executions()).length;
    const { page, threadId } = await pausedPage(assistantId, "#approval");
    await page.click("#reject");
    await finished(page);
    expect((await executions()).length).toBe(before);
    const [message] = await toolMessagesOf(threadId);
    expect(message).toMatchObject({ status: "error", additional_kwargs: { hitl: { decision: "reject" } } });
    expect(String(message?.content)).toContain("Not during the freeze.");
    await page.close();
  });

  test("an edit as the SDK writes it (editedAction and edited_action, equal) runs the edited call once", async () => {
    const before = (await executions()).length;
    const { page, threadId } = await pausedPage(assistantId, "#approval");
    await page.click("#edit");
    await finished(page);
    expect((await executions()).slice(before)).toEqual(["billing x5"]);
    const [message] = await toolMessagesOf(threadId);
    // The model is told what ran instead (the edit notice, on by default), so it does not retry the original.
    expect(message).toMatchObject({
      status: "success",
      content: 'Deployed billing with 5 replica(s).\n\nExecuted instead: deploy with arguments {"service":"billing","replicas":5}. A reviewer edited the call before it ran; do not repeat the original call.',
      additional_kwargs: { hitl: { decision: "edit" } },
    });
    await page.close();
  });

  // The SDK's own normalizer makes the two spellings equal (it copies editedAction over edited_action), so this one is written by hand.
  test("an edit whose two spellings differ (a hand-written value) is refused: the approval comes back with INVALID_DECISION, nothing runs, and it can still be answered", async () => {
    const before = (await executions()).length;
    const { page, threadId } = await pausedPage(assistantId, "#approval");
    await page.click("#edit-conflicting");
    await page.locator("#error", { hasText: "INVALID_DECISION" }).waitFor({ timeout: 30_000 });
    expect((await executions()).length).toBe(before);
    expect(await toolMessagesOf(threadId)).toEqual([]);
    await page.click("#approve");
    await finished(page);
    expect((await executions()).slice(before)).toEqual(["billing x2"]);
    await page.close();
  });
});

test("an ask_user_question answer from the useStream page resumes the run; the model gets the answer", async () => {
  const { page, threadId } = await pausedPage("question", "#question");
  expect(await page.locator("#question h2").textContent()).toBe("Which region first?");
  await page.click("#answer-eu");
  await finished(page);
  const [message] = await toolMessagesOf(threadId);
  expect(message).toMatchObject({ status: "success" });
  expect(String(message?.content)).toContain("eu");
  await page.close();
});
