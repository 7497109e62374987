import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PAGE_SCRIPT, PAGE_STYLE } from "../../../src/http/page/assets.generated.js";
import { reviewerPage } from "../../../src/http/page/serve-page.js";

describe("reviewerPage", () => {
  test("serves the built script and style inline, under a CSP that allows only its own inline code (by hash) and same-origin fetches", async () => {
    const response = reviewerPage("/approvals");
    const html = await response.text();
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self'/);
    expect(PAGE_SCRIPT).not.toContain("has not been built yet");
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(html).toContain(`<style>${PAGE_STYLE}</style>`);
    expect(html).toContain('<body data-base-path="/approvals">');
    expect(html).toContain('<html lang="en">');
  });

  test("the inlined code cannot close its own tag early", () => {
    expect(PAGE_SCRIPT).not.toMatch(/<\/script|<!--/i);
    expect(PAGE_STYLE).not.toMatch(/<\/style/i);
  });
});

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("the page's colours", () => {
  const css = readFileSync(join(__dirname, "../../../src/http/page/app.css"), "utf8");
  const colour = (name: string): string => {
    const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
    if (match?.[1] === undefined) throw new Error(`no --${name} in app.css`);
    return match[1];
  };

  test.each([
    ["text", "bg"],
    ["text", "card"],
    ["muted", "card"],
    ["muted", "bg"],
    ["muted", "neutral-soft"],
    ["accent-text", "accent"],
    ["accent", "accent-soft"],
    ["good", "good-soft"],
    ["bad", "bad-soft"],
    ["warn", "warn-soft"],
    ["card", "good"],
    ["card", "bad"],
  ])("--%s on --%s reaches 4.5:1 (WCAG AA for text)", (foreground, background) => {
    expect(contrast(colour(foreground), colour(background))).toBeGreaterThanOrEqual(4.5);
  });
});
