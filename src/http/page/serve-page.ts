import { PAGE_SCRIPT, PAGE_SCRIPT_HASH, PAGE_STYLE, PAGE_STYLE_HASH } from "./assets.generated.js";

/** Only the page's own inline script and style run (by hash, computed at build time), and it talks only to its origin. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${PAGE_SCRIPT_HASH}`,
  `style-src ${PAGE_STYLE_HASH}`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The reviewer inbox page: static HTML with its CSS and script inlined (no CDN, no framework). */
export function reviewerPage(basePath: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Approvals inbox</title>
<link rel="icon" href="data:,">
<style>${PAGE_STYLE}</style>
</head>
<body data-base-path="${escapeAttribute(basePath)}">
<noscript>The approvals inbox needs JavaScript.</noscript>
<script>${PAGE_SCRIPT}</script>
</body>
</html>`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
    },
  });
}
