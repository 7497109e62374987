import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_PATH } from "./chromium.js";

// Without the background-networking flags Chromium keeps dialing out, and this machine refuses
// every connection that is not to loopback.
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A headless Chromium with a fresh profile (Playwright makes a temporary one and deletes it on close). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/** An open inbox page, signed in as `reviewer`, plus every script error and console error it logs (HTTP error statuses the tests provoke are not errors). */
export interface InboxTab {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * Opens the inbox at `url` in a new context whose `reviewer` cookie signs it in: the page sends
 * it along on its same-origin fetches, as a host's session cookie would be.
 */
export async function openInbox(browser: Browser, url: string, reviewer = "alice", viewport = { width: 1100, height: 900 }, options: { eventSource?: boolean } = {}): Promise<InboxTab> {
  const context = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "UTC" });
  await context.addCookies([{ name: "reviewer", value: reviewer, url }]);
  // A browser (or a proxy in the way) without server-sent events: the page must fall back to polling.
  if (options.eventSource === false) await context.addInitScript(() => Reflect.deleteProperty(window, "EventSource"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  return { context, page, errors };
}
