import { MemorySaver } from "@langchain/langgraph";
import { RemoteGraph } from "@langchain/langgraph/remote";
import { ApprovalToolNode, isHITLError, resume, resumeRemote } from "../../src/index.js";
import { approvalMiddleware } from "../../src/langchain/index.js";
import { checkSigningKey } from "../../src/protocol/signing.js";
import { agentGraph, countingTool, newThread } from "../support/fixtures.js";

const SHORT_KEY = "hunter2";
const SHORT_BYTES = new TextEncoder().encode("s3cr3");

async function caught(work: () => unknown): Promise<unknown> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error;
  }
}

const deploy = countingTool("deploy").tool;
const graph = agentGraph(new ApprovalToolNode([deploy], { interruptOn: { deploy: true } }), [], new MemorySaver()).graph;
const remote = new RemoteGraph({ graphId: "agent", url: "http://127.0.0.1:9" });

const ENTRY_POINTS: Array<[string, (key: unknown) => unknown]> = [
  ["ApprovalToolNode", (key) => new ApprovalToolNode([deploy], { signingKey: key as string })],
  ["approvalMiddleware", (key) => approvalMiddleware({ signingKey: key as string })],
  ["resume()", (key) => resume(graph, newThread("key"), [{ type: "approve" }], { signingKey: key as string })],
  ["resumeRemote()", (key) => resumeRemote(remote, newThread("key"), [{ type: "approve" }], { signingKey: key as string })],
  ["checkSigningKey()", (key) => checkSigningKey(key, ["signingKey"])],
];

describe("every signingKey option is checked the same way, and its error never contains the key", () => {
  test.each(ENTRY_POINTS)("%s refuses a 7-character key with INVALID_OPTIONS naming the field, without echoing it", async (_entry, construct) => {
    const error = await caught(() => construct(SHORT_KEY));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    const { message, details } = error as { message: string; details: Array<Record<string, unknown>> };
    expect(details[0]).toMatchObject({ path: ["signingKey"], received: "<string of 7 characters>" });
    expect(details[0]?.["allowed"]).toEqual(["a string of at least 16 characters", "a Uint8Array of at least 16 bytes"]);
    expect(`${message} ${JSON.stringify(error)} ${JSON.stringify(details)}`).not.toContain(SHORT_KEY);
  });

  test.each(ENTRY_POINTS)("%s refuses a 5-byte key without echoing its bytes", async (_entry, construct) => {
    const error = await caught(() => construct(SHORT_BYTES));
    expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
    const { details } = error as { details: Array<Record<string, unknown>> };
    expect(details[0]).toMatchObject({ path: ["signingKey"], received: "<Uint8Array of 5 bytes>" });
    expect(JSON.stringify(error)).not.toMatch(/115|s3cr3/);
  });

  test.each(ENTRY_POINTS.filter(([entry]) => entry !== "resume()" && entry !== "resumeRemote()"))("%s accepts a 16-character key", async (_entry, construct) => {
    expect(await caught(() => construct("0123456789abcdef"))).toBeUndefined();
  });
});
