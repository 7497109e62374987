import { PAGE_SCRIPT, PAGE_STYLE } from "./assets.generated.js";

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
      "content-security-policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    },
  });
}
