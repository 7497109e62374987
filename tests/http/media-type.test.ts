import { createApprovalHandler } from "../../src/http/index.js";
import { pausedDeployAgent } from "./paused-deploy.js";
import { serveOnLoopback } from "./server.js";

const agent = pausedDeployAgent("media");
const ACCEPTED = ["application/json", "application/json; charset=utf-8"];

let base = "";
let close: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ url: base, close } = await serveOnLoopback(createApprovalHandler({ graph: agent.graph, authenticate: () => ({ id: "u-alice" }) })));
});
afterAll(() => close());

/** POSTs an approval of a fresh paused thread with `contentType` (none at all when `null`). */
async function approveAs(contentType: string | null) {
  const { threadId, interruptId, body } = await agent.pausedThread();
  const before = agent.deploy.count;
  // Bytes, not a string: for a string body fetch would fill in `text/plain;charset=UTF-8` itself.
  const response = await fetch(`${base}/threads/${threadId}/resume`, {
    method: "POST",
    headers: contentType === null ? {} : { "content-type": contentType },
    body: new TextEncoder().encode(body),
  });
  return { response, ran: agent.deploy.count - before, pending: await agent.pendingOn(threadId), interruptId };
}

describe("a resume body must be sent as application/json, nothing looser", () => {
  test.each([
    ["form-encoded with a +json parameter (the cross-site trick)", "application/x-www-form-urlencoded; x=+json"],
    ["form-encoded", "application/x-www-form-urlencoded"],
    ["text/plain", "text/plain"],
    ["text/plain with a charset, as fetch sends a string body", "text/plain;charset=UTF-8"],
    ["multipart/form-data", "multipart/form-data; boundary=----x"],
    ["a +json suffix type", "application/vnd.x+json"],
    ["application/json with a latin1 charset", "application/json;charset=latin1"],
    ["application/json with another parameter", "application/json; x=+json"],
    ["application/json with a second charset", "application/json; charset=utf-8; charset=utf-8"],
    ["two types in one header", "application/json, text/plain"],
    ["application/jsonp", "application/jsonp"],
    ["no content type at all", null],
  ])("%s (%p) is a 415 UNSUPPORTED_MEDIA_TYPE naming what was received and what is allowed; the tool never ran", async (_label, contentType) => {
    const { response, ran, pending, interruptId } = await approveAs(contentType);
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      type: "urn:langgraph-hitl:problem:unsupported_media_type",
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      details: [{ path: ["headers", "content-type"], received: contentType, allowed: ACCEPTED }],
    });
    expect(ran).toBe(0);
    expect(pending?.interruptId).toBe(interruptId);
  });

  test.each(["application/json", "application/json; charset=utf-8", "Application/JSON;Charset=\"UTF-8\""])("%p is accepted and the approved tool runs", async (contentType) => {
    const { response, ran, pending } = await approveAs(contentType);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "completed" });
    expect(ran).toBe(1);
    expect(pending).toBeUndefined();
  });
});
