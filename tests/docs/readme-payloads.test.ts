import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { ApprovalToolNode, createAskUserQuestionTool, requestDigest } from "../../src/index.js";
import { codeBlocks, readme } from "./support/readme-blocks.js";
import { section } from "./support/readme-sections.js";

// The payloads the README shows are the ones the node stores, field for field.

const markdown = readme();

/** The JSON of the first `jsonc` block of a section (its `//` comments dropped). */
function shownPayload(title: string): Record<string, unknown> {
  const block = codeBlocks(section(markdown, title).body).find((candidate) => candidate.lang === "jsonc");
  if (block === undefined) throw new Error(`no jsonc block under "${title}"`);
  return JSON.parse(block.code.replace(/^\s*\/\/.*$/gm, "")) as Record<string, unknown>;
}

/** What LangGraph stores as the first interrupt's value when the model makes `call`. */
async function storedPayload(node: ApprovalToolNode, call: { name: string; args: Record<string, unknown>; id: string }): Promise<unknown> {
  const llm = fakeModel().respondWithTools([call]).respond(new AIMessage("done"));
  const graph = createReactAgent({ llm, tools: node, checkpointer: new MemorySaver() });
  const result = (await graph.invoke({ messages: [{ role: "user", content: "go" }] }, { configurable: { thread_id: "readme-payload" } })) as { __interrupt__?: Array<{ value: unknown }> };
  return result.__interrupt__?.[0]?.value;
}

interface ShownApproval {
  action_requests: Array<{ tool_call_id: string; name: string; arguments: Record<string, unknown>; description: string }>;
}

test("Concepts: the tool_approval payload is what the node stores for that call, and the digest shown is its digest", async () => {
  const shown = shownPayload("Concepts") as unknown as ShownApproval;
  const [request] = shown.action_requests;
  if (request === undefined) throw new Error("the payload shows no request");
  const deleteFile = tool(async ({ path }) => `Deleted ${path}.`, { name: request.name, description: "Delete a file", schema: z.object({ path: z.string() }) });
  const node = new ApprovalToolNode([deleteFile], { interruptOn: { [request.name]: { description: request.description } } });
  expect(await storedPayload(node, { name: request.name, args: request.arguments, id: request.tool_call_id })).toEqual(shown);
  const digest = /`"digest": "([0-9a-f]+)…"`/.exec(section(markdown, "Concepts").body)?.[1] ?? "";
  expect(digest.length).toBeGreaterThanOrEqual(8);
  expect(requestDigest(request.name, request.arguments).startsWith(digest)).toBe(true);
});

test("Asking the person a question: the ask_user_question payload is what the node stores for that call", async () => {
  const shown = shownPayload("Asking the person a question") as { tool_call_id: string; question: Record<string, unknown> };
  const node = new ApprovalToolNode([createAskUserQuestionTool()]);
  expect(await storedPayload(node, { name: "ask_user_question", args: shown.question, id: shown.tool_call_id })).toEqual(shown);
});
