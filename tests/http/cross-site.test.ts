import { createApprovalHandler, type ApprovalHandlerOptions } from "../../src/http/index.js";
import { isHITLError } from "../../src/index.js";
import { pausedDeployAgent } from "./paused-deploy.js";
import { serveOnLoopback } from "./server.js";

const agent = pausedDeployAgent("cross");
const PARTNER = "https://admin.example.com";
let authenticateCalls = 0;
const authenticate = () => {
  authenticateCalls += 1;
  return { id: "u-alice" };
};

let base = "";
let close: () => Promise<void> = async () => undefined;
let trustingNull = "";
let closeTrustingNull: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph: agent.graph, authenticate, allowedOrigins: [PARTNER] })));
  ({ url: trustingNull, close: closeTrustingNull } = await serveOnLoopback(createApprovalHandler({ graph: agent.graph, authenticate, allowedOrigins: ["null"] })));
});
afterAll(async () => {
  await close();
  await closeTrustingNull();
});

/** Approves a fresh paused thread with the browser headers given; says whether the tool ran. */
async function approveWith(headers: Record<string, string>, server = base) {
  const { threadId, interruptId, body } = await agent.pausedThread();
  const before = { ran: agent.deploy.count, authenticated: authenticateCalls };
  const response = await fetch(`${server}/threads/${threadId}/resume`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return {
    response,
    ran: agent.deploy.count - before.ran,
    authenticated: authenticateCalls - before.authenticated,
    pending: await agent.pendingOn(threadId),
    interruptId,
  };
}

describe("a state-changing request from another site is refused before anything runs", () => {
  // `base` is only known once the server listens, hence functions of it.
  test.each([
    ["Sec-Fetch-Site: cross-site", () => ({ "sec-fetch-site": "cross-site" }), "sec-fetch-site"],
    ["Sec-Fetch-Site: cross-site with the handler's own Origin", () => ({ "sec-fetch-site": "cross-site", origin: base }), "sec-fetch-site"],
    ["a foreign Origin", () => ({ origin: "http://evil.example" }), "origin"],
    ["an Origin on the same host but another port (same site, another origin)", () => ({ origin: base.replace(/:\d+$/, ":1"), "sec-fetch-site": "same-site" }), "origin"],
    ["the same host and port over https", () => ({ origin: base.replace(/^http:/, "https:") }), "origin"],
    ["Origin: null (a sandboxed frame or data: page)", () => ({ origin: "null" }), "origin"],
    ["an Origin that is not an origin", () => ({ origin: "not an origin" }), "origin"],
  ])("%s → 403 CROSS_SITE_REQUEST naming the header; authenticate never ran, neither did the tool", async (_label, headers, header) => {
    const { response, ran, authenticated, pending, interruptId } = await approveWith(headers());
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const sent = headers() as Record<string, string>;
    expect(await response.json()).toMatchObject({
      type: "urn:langgraph-hitl:problem:cross_site_request",
      status: 403,
      code: "CROSS_SITE_REQUEST",
      details: [{ path: ["headers", header], received: sent[header] }],
    });
    expect({ ran, authenticated }).toEqual({ ran: 0, authenticated: 0 });
    expect(pending?.interruptId).toBe(interruptId);
  });

  test("a foreign Origin is refused whatever the content type, before the body is looked at", async () => {
    const { response, ran } = await approveWith({ origin: "http://evil.example", "content-type": "text/plain" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    expect(ran).toBe(0);
  });
});

describe("requests from the handler's own origin, allowed origins and non-browsers still approve", () => {
  test.each([
    ["the handler's own Origin with Sec-Fetch-Site: same-origin", () => ({ origin: base, "sec-fetch-site": "same-origin" })],
    ["Sec-Fetch-Site: none (typed into the address bar, no Origin)", () => ({ "sec-fetch-site": "none" })],
    ["neither header (curl, server to server)", () => ({})],
  ])("%s → 200, the tool ran", async (_label, headers) => {
    const { response, ran } = await approveWith(headers());
    expect(response.status).toBe(200);
    expect(ran).toBe(1);
  });

  test("an Origin listed in allowedOrigins is accepted, even though its browser says cross-site", async () => {
    const { response, ran } = await approveWith({ origin: PARTNER, "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(200);
    expect(ran).toBe(1);
  });

  test("Origin: null is accepted only by a handler whose allowedOrigins lists \"null\"", async () => {
    const { response, ran } = await approveWith({ origin: "null" }, trustingNull);
    expect(response.status).toBe(200);
    expect(ran).toBe(1);
  });

  test("reads are not state changes: GET with a foreign Origin still lists the inbox", async () => {
    const response = await fetch(`${base}/interrupts`, { headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(200);
    // No CORS headers: the foreign page cannot read what it fetched.
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("allowedOrigins is checked at construction", () => {
  function constructionError(allowedOrigins: unknown) {
    try {
      createApprovalHandler({ graph: agent.graph, authenticate, allowedOrigins } as ApprovalHandlerOptions);
    } catch (error) {
      return error;
    }
    throw new Error("createApprovalHandler accepted the options");
  }

  test.each([
    ["a trailing slash", ["https://admin.example.com/"], ["allowedOrigins", "0"]],
    ["a path", [PARTNER, "https://admin.example.com/approvals"], ["allowedOrigins", "1"]],
    ["a wildcard", ["*"], ["allowedOrigins", "0"]],
    ["upper case", ["https://Admin.example.com"], ["allowedOrigins", "0"]],
    ["a default port spelt out", ["https://admin.example.com:443"], ["allowedOrigins", "0"]],
    ["another scheme", ["ftp://admin.example.com"], ["allowedOrigins", "0"]],
    ["a bare string instead of a list", PARTNER, ["allowedOrigins"]],
  ])("%s is INVALID_OPTIONS naming the field, what was received and what is allowed", (_label, allowedOrigins, path) => {
    const error = constructionError(allowedOrigins);
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    const [detail] = (error as { details: Array<{ path: string[]; received: unknown; allowed: string[] }> }).details;
    expect(detail?.path).toEqual(path);
    expect(detail?.received).toEqual(path.length === 2 ? (allowedOrigins as string[])[Number(path[1])] : allowedOrigins);
    expect(detail?.allowed).toEqual(expect.arrayContaining(["null"]));
  });

  test("serialized origins, with a port or not, and \"null\" are accepted", () => {
    expect(() => createApprovalHandler({ graph: agent.graph, authenticate, allowedOrigins: [PARTNER, "http://localhost:5173", "null"] })).not.toThrow();
  });
});
