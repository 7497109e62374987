import { isHITLError, type HITLError } from "../../src/errors/hitl-error.js";
import { remoteHook, type RemoteHookOptions } from "../../src/remote/index.js";

function refusal(options: unknown): HITLError {
  try {
    remoteHook(options as RemoteHookOptions);
  } catch (error) {
    if (isHITLError(error, "INVALID_OPTIONS")) return error;
    throw error;
  }
  throw new Error("remoteHook accepted the options");
}

const http = (url: string): RemoteHookOptions => ({ transport: { type: "http", url }, timeoutMs: 1_000 });

describe("insecure endpoints are refused at construction", () => {
  test.each([
    ["plain http to a remote host", "http://policy.example.com/hooks"],
    ["plain http to a host that only starts like localhost", "http://localhost.example.com/hooks"],
    ["plain http to a private address", "http://10.0.0.7/hooks"],
    ["another scheme", "ftp://127.0.0.1/hooks"],
    ["a user name and password", "https://svc:hunter2-secret@policy.example.com/hooks"],
    ["a user name only", "https://hunter2-secret@policy.example.com/hooks"],
    ["credentials on loopback", "http://svc:hunter2-secret@127.0.0.1:8080/hooks"],
    ["a fragment", "https://policy.example.com/hooks#hunter2-secret"],
    ["text that is not a URL", "policy.example.com hunter2-secret"],
  ])("%s (%s)", (_what, url) => {
    const error = refusal(http(url));
    expect(error.details[0]?.path).toEqual(["transport", "url"]);
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain("hunter2-secret");
  });

  test.each([
    "https://policy.example.com/hooks",
    "https://policy.example.com:8443/v1/hooks?tenant=a",
    "http://localhost:8787/hooks",
    "http://127.0.0.1:8787/hooks",
    "http://[::1]:8787/hooks",
  ])("accepts %s", (url) => {
    const hook = remoteHook(http(url));
    expect(hook.registrations.map((entry) => entry.event)).toEqual(["PreToolUse"]);
    return hook.close();
  });

  test("a refused URL is shown without its query string", () => {
    const error = refusal(http("http://policy.example.com/hooks?token=hunter2-secret"));
    expect(error.details[0]?.received).toBe("http://policy.example.com/hooks");
  });
});

describe("other options are checked at construction", () => {
  test.each<[string, unknown, Array<string | number>]>([
    ["timeoutMs is required", { transport: { type: "http", url: "https://p.example" } }, ["timeoutMs"]],
    ["timeoutMs must be positive", { ...http("https://p.example"), timeoutMs: 0 }, ["timeoutMs"]],
    ["timeoutMs must be an integer", { ...http("https://p.example"), timeoutMs: 1.5 }, ["timeoutMs"]],
    ["failurePolicy is closed", { ...http("https://p.example"), failurePolicy: "fail-maybe" }, ["failurePolicy"]],
    ["the transport type is closed", { transport: { type: "grpc", url: "https://p.example" }, timeoutMs: 1 }, ["transport", "type"]],
    ["a stdio transport needs a command", { transport: { type: "stdio", command: "" }, timeoutMs: 1 }, ["transport", "command"]],
    ["observe names observer events only", { ...http("https://p.example"), observe: ["PreToolUse"] }, ["observe", 0]],
    ["auth is a function", { ...http("https://p.example"), auth: "Bearer x" }, ["auth"]],
  ])("%s", (_what, options, path) => {
    expect(refusal(options).details.map((detail) => detail.path)).toContainEqual(path);
  });

  test("an unknown option is refused, not ignored", () => {
    expect(refusal({ ...http("https://p.example"), failOpen: true }).message).toContain("failOpen");
  });

  test("auth with a stdio transport is refused: a child has nowhere to receive a token", () => {
    expect(refusal({ transport: { type: "stdio", command: "node" }, timeoutMs: 1, auth: () => "t" }).details[0]?.path).toEqual(["auth"]);
  });

  test("secrets in a stdio environment or arguments are never echoed", () => {
    const error = refusal({ transport: { type: "stdio", command: "node", args: ["--token=hunter2-secret", 7], env: { TOKEN: "hunter2-secret" } }, timeoutMs: 1 });
    expect(JSON.stringify(error.details)).not.toContain("hunter2-secret");
  });

  test("the registration's own bound is a little larger than timeoutMs, so the remote deadline fires first", () => {
    const hook = remoteHook({ ...http("https://p.example"), timeoutMs: 2_000, observe: ["PostToolUse", "PostToolBatch"], matcher: "send_email" });
    const bounds = hook.registrations.map(({ event, registration }) => [event, registration.matcher, (registration.timeoutMs ?? 0) > 2_000]);
    expect(bounds).toEqual([
      ["PreToolUse", "send_email", true],
      ["PostToolUse", "send_email", true],
      ["PostToolBatch", "send_email", true],
    ]);
    return hook.close();
  });
});
