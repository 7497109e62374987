import type { Browser, BrowserContext } from "playwright-core";
import { createApprovalHandler, type AuthResult } from "../../src/http/index.js";
import { ApprovalToolNode, getInterrupt } from "../../src/index.js";
import { countingTool } from "../support/fixtures.js";
import { serveOnLoopback } from "../http/server.js";
import { serveAttackerSite } from "./support/attacker-site.js";
import { launchChromium } from "./support/browser.js";
import { agentOn, startRun } from "./support/inbox-app.js";

const deploy = countingTool("deploy");
const graph = agentOn(new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }), [{ name: "deploy", args: { path: "prod" }, id: "d1" }]);

/** A session cookie, as the host app would check it. */
function authenticate(request: Request): AuthResult {
  return /(?:^|;\s*)session=alice(?:;|$)/.test(request.headers.get("cookie") ?? "") ? { id: "u-alice", name: "Alice" } : { status: 401 };
}

/** Every resume request that reached the handler, with the headers the browser chose and the answer. */
const resumes: Array<{ origin: string | null; site: string | null; contentType: string | null; signedIn: boolean; status: number }> = [];

let browser: Browser | undefined;
let close: () => Promise<void> = async () => undefined;
/** The handler's origin as the browser sees it: `localhost`, so that other `localhost` ports are the same site. */
let handlerOrigin = "";
beforeAll(async () => {
  browser = await launchChromium();
  const handler = createApprovalHandler({ graph, authenticate, basePath: "/approvals" });
  const server = await serveOnLoopback(async function recordingHandler(request) {
    const response = await handler(request);
    if (new URL(request.url).pathname.endsWith("/resume")) {
      const header = (name: string) => request.headers.get(name);
      resumes.push({ origin: header("origin"), site: header("sec-fetch-site"), contentType: header("content-type"), signedIn: "id" in authenticate(request), status: response.status });
    }
    return response;
  });
  close = server.close;
  handlerOrigin = server.url.replace("127.0.0.1", "localhost");
});
afterAll(async () => {
  await browser?.close();
  await close();
});

/** A browser profile signed in to the handler with a `SameSite=Lax` session cookie. */
async function signedIn(): Promise<BrowserContext> {
  const context = await browser!.newContext();
  await context.addCookies([{ name: "session", value: "alice", url: handlerOrigin, sameSite: "Lax", httpOnly: true }]);
  return context;
}

describe("a reviewer signed in with a cookie visits a hostile page", () => {
  test("a page on another localhost port cannot approve (text/plain nor form-encoded `; x=+json`), and the reviewer's own page then can", async () => {
    const config = await startRun(graph, "deploy to prod");
    const { interruptId } = (await getInterrupt(graph, config))!;
    const target = `${handlerOrigin}/approvals/threads/${encodeURIComponent(config.configurable.thread_id)}/resume`;
    const body = JSON.stringify({ interruptId, decisions: [{ type: "approve" }] });
    const attacker = await serveAttackerSite("localhost", [
      { target, contentType: "text/plain", body },
      { target, contentType: "application/x-www-form-urlencoded; x=+json", body },
    ]);
    const context = await signedIn();
    try {
      const tab = await context.newPage();
      await tab.goto(attacker.url);
      await tab.waitForFunction(() => (window as unknown as { __sent?: boolean }).__sent === true);

      // Both requests arrived with the session cookie: only the handler's checks stood in the way.
      const attackerOrigin = new URL(attacker.url).origin;
      expect(resumes).toEqual([
        { origin: attackerOrigin, site: "same-site", contentType: "text/plain", signedIn: true, status: 403 },
        { origin: attackerOrigin, site: "same-site", contentType: "application/x-www-form-urlencoded; x=+json", signedIn: true, status: 403 },
      ]);
      expect(deploy.count).toBe(0);
      expect(await getInterrupt(graph, config)).toMatchObject({ interruptId });

      const inbox = await context.newPage();
      await inbox.goto(`${handlerOrigin}/approvals`);
      const card = inbox.getByRole("article", { name: "deploy" });
      await card.getByRole("button", { name: "Approve", exact: true }).click();
      await card.getByRole("button", { name: "Submit decision" }).click();
      await inbox.getByRole("listitem", { name: "deploy — decided by Alice (u-alice)" }).waitFor();
      expect(resumes[2]).toEqual({ origin: handlerOrigin, site: "same-origin", contentType: "application/json", signedIn: true, status: 200 });
      expect(deploy.count).toBe(1);
      expect(await getInterrupt(graph, config)).toBeUndefined();
    } finally {
      await context.close();
      await attacker.close();
    }
  });
});
