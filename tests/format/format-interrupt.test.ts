import { z } from "zod";
import {
  ApprovalToolNode,
  createAskUserQuestionTool,
  formatInterrupt,
  isHITLError,
  start,
  type AskUserQuestionInterruptPayload,
  type FormatInterruptOptions,
  type ToolApprovalInterruptPayload,
} from "../../src/index.js";
import { agentGraph, ask, countingTool, newThread } from "../support/fixtures.js";

/** Pauses a real agent on a batch of three calls, two of which need approval. */
async function pausedApproval(): Promise<ToolApprovalInterruptPayload> {
  const deleteFile = countingTool("delete_file");
  const refund = countingTool("refund", { schema: z.object({ order: z.string(), amount: z.number() }) });
  const read = countingTool("read_file");
  const node = new ApprovalToolNode([deleteFile.tool, refund.tool, read.tool], {
    interruptOn: { delete_file: { description: "Deleting cannot be undone" }, refund: { allowedDecisions: ["approve", "reject"] } },
  });
  const { graph } = agentGraph(node, [
    { name: "read_file", args: { path: "/etc/motd" } },
    { name: "delete_file", args: { path: "/tmp/report.csv" } },
    { name: "refund", args: { order: "A-1001", amount: 120 } },
  ]);
  const { interrupt } = await start(graph, ask(), newThread("format"));
  return interrupt?.payload as ToolApprovalInterruptPayload;
}

const hostileApproval: ToolApprovalInterruptPayload = {
  type: "tool_approval",
  action_requests: [{ tool_call_id: "c<1>", name: "<img src=x onerror=alert(1)>", arguments: { path: "</pre><script>alert('x')</script>" }, args: { path: "</pre><script>alert('x')</script>" }, description: 'say "hi" & <b>' }],
  review_configs: [{ tool_call_id: "c<1>", action_name: "<img src=x onerror=alert(1)>", allowed_decisions: ["approve"] }],
};

const singleQuestion: AskUserQuestionInterruptPayload = {
  type: "ask_user_question",
  question: { question: "Which environment?", description: "The release is ready", options: [{ label: "Staging", value: "staging" }, { label: "Production", value: "production" }] },
};

const twoQuestions: AskUserQuestionInterruptPayload = {
  type: "ask_user_question",
  question: { question: "Which regions?", multiSelect: true, allowFreeText: false, options: [{ label: "Europe", value: "eu" }, { label: "Asia", value: "ap" }] },
  questions: [
    { question: "Which regions?", multiSelect: true, allowFreeText: false, options: [{ label: "Europe", value: "eu" }, { label: "Asia", value: "ap" }] },
    { question: "Any note for the release?" },
  ],
};

describe("formatInterrupt: tool_approval", () => {
  test("text lists every call that waits, with its arguments, reason and allowed decisions, in the batch's order", async () => {
    const text = formatInterrupt(await pausedApproval());
    expect(text).toContain("Approval needed for 2 tool calls");
    expect(text).not.toContain("read_file");
    const deleteAt = text.indexOf("1. delete_file");
    const refundAt = text.indexOf("2. refund");
    expect(deleteAt).toBeGreaterThan(-1);
    expect(refundAt).toBeGreaterThan(deleteAt);
    expect(text).toContain("why:       Deleting cannot be undone");
    expect(text).toContain('arguments: {"order":"A-1001","amount":120}');
    expect(text).toContain("you may:   approve, edit, reject, respond\n  2. refund");
    expect(text).toMatch(/you may: {3}approve, reject$/);
  });

  test("html is a table with one row per waiting call", async () => {
    const html = formatInterrupt(await pausedApproval(), { format: "html" });
    expect(html).toMatch(/^<div class="hitl-approval"><table>/);
    expect(html.match(/<tr><td/g)).toHaveLength(2);
    expect(html).toContain("<strong>delete_file</strong>");
    expect(html).toContain("&quot;amount&quot;: 120");
  });

  test("html escapes markup that comes from the model or the tool arguments", () => {
    const html = formatInterrupt(hostileApproval, { format: "html" });
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html.match(/<\/pre>/g)).toHaveLength(1);
    expect(html).toContain("&lt;/pre&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("say &quot;hi&quot; &amp; &lt;b&gt;");
    expect(html).toContain("<code>c&lt;1&gt;</code>");
  });

  test("text shows terminal control sequences and bidi overrides instead of letting them act", () => {
    const payload: ToolApprovalInterruptPayload = {
      ...hostileApproval,
      action_requests: [{ tool_call_id: "c", name: "wipe\u001b[2J", arguments: { note: "\u009b31m\u202eevil" }, args: { note: "\u009b31m\u202eevil" }, description: "line\rover" }],
    };
    const text = formatInterrupt(payload);
    expect(text).not.toMatch(/[\u001b\u009b\u202e\r]/);
    expect(text).toContain("wipe\\u{1b}[2J");
    expect(text).toContain("\\u{9b}31m\\u{202e}evil");
    expect(text).toContain("line\\u{d}over");
  });

  test("a refused previous answer and the deadline are shown", () => {
    const payload: ToolApprovalInterruptPayload = {
      ...hostileApproval,
      error: { code: "INVALID_DECISION", message: "decision for c<1> missing", details: [] },
      expires_at: "2030-01-01T00:00:00.000Z",
    };
    expect(formatInterrupt(payload)).toContain("Previous answer refused (INVALID_DECISION): decision for c<1> missing");
    expect(formatInterrupt(payload, { format: "html" })).toContain("Expires at 2030-01-01T00:00:00.000Z");
  });
});

describe("formatInterrupt: ask_user_question", () => {
  test("a question raised by a real run shows its text and numbered options", async () => {
    const { graph } = agentGraph(new ApprovalToolNode([createAskUserQuestionTool()]), [
      { name: "ask_user_question", args: singleQuestion.question as unknown as Record<string, unknown> },
    ]);
    const { interrupt } = await start(graph, ask(), newThread("format-q"));
    const text = formatInterrupt(interrupt?.payload);
    expect(text).toContain("Question for you:\n  Which environment?\n     The release is ready");
    expect(text).toContain("1) Staging  [staging]");
    expect(text).toContain("2) Production  [production]");
    expect(text).toContain("(pick one, or answer in your own words)");
  });

  test("several questions are numbered; a multi-select without free text says so", () => {
    const text = formatInterrupt(twoQuestions);
    expect(text).toContain("2 questions for you:");
    expect(text).toContain("1. Which regions?");
    expect(text).toContain("(pick one or more)");
    expect(text).toContain("2. Any note for the release?");
    expect(text).toContain("(answer in your own words)");
    const html = formatInterrupt(twoQuestions, { format: "html" });
    expect(html.match(/<li><strong>/g)).toHaveLength(2);
    expect(html).toContain("<li>Europe <code>eu</code></li>");
  });

  test("html escapes the question and its options", () => {
    const html = formatInterrupt({ type: "ask_user_question", question: { question: "<b>pick</b>", options: [{ label: "<i>a</i>", value: "\"a\"" }] } }, { format: "html" });
    expect(html).not.toMatch(/<b>|<i>/);
    expect(html).toContain("&lt;b&gt;pick&lt;/b&gt;");
    expect(html).toContain("<code>&quot;a&quot;</code>");
  });
});

describe("formatInterrupt: anything else", () => {
  test("an unknown payload is shown as JSON, escaped for the format", () => {
    const custom = { kind: "custom", note: "<hr>" };
    expect(formatInterrupt(custom)).toBe('Interrupt this library does not recognise:\n{\n  "kind": "custom",\n  "note": "<hr>"\n}');
    expect(formatInterrupt(custom, { format: "html" })).toContain("&quot;note&quot;: &quot;&lt;hr&gt;&quot;");
  });

  test("values that cannot be serialised do not throw", () => {
    const circular: Record<string, unknown> = {};
    circular["self"] = circular;
    const hostile = new Proxy({}, { get: () => { throw new Error("boom"); }, ownKeys: () => { throw new Error("boom"); } });
    expect(formatInterrupt(circular)).toContain("cannot be shown as JSON");
    expect(formatInterrupt(hostile, { format: "html" })).toContain("cannot be shown as JSON");
    expect(formatInterrupt(undefined)).toContain("undefined");
  });

  test.each([["markdown"], [""], [42]])("format %p is refused with INVALID_OPTIONS", (format) => {
    let caught: unknown;
    try {
      formatInterrupt(singleQuestion, { format } as unknown as FormatInterruptOptions);
    } catch (error) {
      caught = error;
    }
    expect(isHITLError(caught, "INVALID_OPTIONS")).toBe(true);
    expect((caught as { details: Array<{ allowed?: string[]; received?: unknown }> }).details[0]).toMatchObject({ allowed: ["text", "html"], received: format });
  });
});

describe("formatInterrupt shows arguments exactly as the model sent them", () => {
  const payload: ToolApprovalInterruptPayload = {
    type: "tool_approval",
    action_requests: [{ tool_call_id: "s1", name: "shell", arguments: "rm -rf /important", args: "rm -rf /important" }],
    review_configs: [{ tool_call_id: "s1", action_name: "shell", allowed_decisions: ["approve", "reject"] }],
  };

  test("a string input is printed as that string in text, never as an empty object", () => {
    const text = formatInterrupt(payload);
    expect(text).toContain('arguments: "rm -rf /important"');
    expect(text).not.toContain("{}");
  });

  test("a string input is shown as that string in html", () => {
    expect(formatInterrupt(payload, { format: "html" })).toContain("<pre>&quot;rm -rf /important&quot;</pre>");
  });
});
