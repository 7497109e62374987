/**
 * A small React page built the way a LangGraph UI is: `useStream` from
 * `@langchain/langgraph-sdk/react` against a deployed graph. It starts a run, shows the pending
 * approval or question from the stream (`stream.interrupt`), and resumes it through the SDK with
 * what the person chose. Answers are written as the SDK's `respond()` writes them: through
 * `normalizeHitlResponseForServer` (an edit under both `editedAction` and `edited_action`).
 *
 * Bundled for the browser by use-stream-app.ts (esbuild); `React.createElement`, so no JSX setup.
 */
import { useStream } from "@langchain/langgraph-sdk/react";
import { normalizeHitlResponseForServer } from "@langchain/langgraph-sdk/ui";
import { createElement as h, useState } from "react";
import { createRoot } from "react-dom/client";

const query = new URLSearchParams(window.location.search);
const apiUrl = query.get("apiUrl") ?? "";
const assistantId = query.get("assistantId") ?? "";

type Payload = {
  type?: string;
  action_requests?: Array<{ tool_call_id: string; name: string; args: Record<string, unknown> }>;
  question?: { question: string; options?: Array<{ label: string; value: string }> };
  error?: { code: string; message: string };
};

/** What each button sends as the resume value (before the SDK's normalisation). */
const ANSWERS: Record<string, (payload: Payload) => unknown> = {
  approve: () => ({ decisions: [{ type: "approve" }] }),
  reject: () => ({ decisions: [{ type: "reject", message: "Not during the freeze." }] }),
  // A form gives strings; the SDK writes the edit under both spellings.
  edit: (payload) => ({ decisions: [{ type: "edit", editedAction: { name: payload.action_requests?.[0]?.name, args: { service: "billing", replicas: "5" } } }] }),
};

function App() {
  const [threadId, setThreadId] = useState<string | null>(null);
  const [sent, setSent] = useState<string[]>([]);
  const stream = useStream<{ messages: Array<{ type: string; content: unknown; tool_call_id?: string; status?: string }> }>({
    apiUrl,
    assistantId,
    messagesKey: "messages",
    threadId,
    onThreadId: (id: string) => {
      setThreadId(id);
      (window as unknown as { __threadId?: string }).__threadId = id;
    },
  });
  const interrupt = stream.interrupt as { id?: string; value?: Payload } | undefined;
  const payload = interrupt?.value;

  function resume(label: string, value: unknown, raw = false): void {
    // Exactly what the SDK's respond() puts on the wire for this answer (or, `raw`, as a client that writes its own value).
    const response = raw ? value : normalizeHitlResponseForServer(value);
    setSent((previous) => [...previous, label]);
    void stream.submit(null, { command: { resume: interrupt?.id === undefined ? response : { [interrupt.id]: response } } });
  }

  const start = h("button", { id: "start", disabled: stream.isLoading || threadId !== null, onClick: () => void stream.submit({ messages: [{ type: "human", content: "deploy billing" }] }) }, "Start");
  const status = h("p", { id: "status" }, stream.isLoading ? "running" : payload !== undefined ? "waiting" : threadId === null ? "idle" : "finished");
  const review =
    payload?.type === "tool_approval"
      ? h(
          "section",
          { id: "approval" },
          h("h2", null, `Approve ${payload.action_requests?.map((request) => request.name).join(", ")}?`),
          h("pre", { id: "arguments" }, JSON.stringify(payload.action_requests?.[0]?.args)),
          payload.error === undefined ? null : h("p", { id: "error", role: "alert" }, payload.error.code),
          ...Object.entries(ANSWERS).map(([name, answer]) => h("button", { key: name, id: name, onClick: () => resume(name, answer(payload)) }, name)),
          h(
            "button",
            // The SDK's normalizer would overwrite edited_action with editedAction: sent as a hand-written value instead.
            { id: "edit-conflicting", onClick: () => resume("edit-conflicting", { decisions: [{ type: "edit", editedAction: { name: "deploy", args: { service: "billing", replicas: 5 } }, edited_action: { name: "deploy", args: { service: "billing", replicas: 50 } } }] }, true) },
            "edit with two spellings that differ",
          ),
        )
      : payload?.type === "ask_user_question"
        ? h(
            "section",
            { id: "question" },
            h("h2", null, payload.question?.question),
            ...(payload.question?.options ?? []).map((option) => h("button", { key: option.value, id: `answer-${option.value}`, onClick: () => resume(option.value, { answer: option.value }) }, option.label)),
          )
        : null;
  const toolMessages = (stream.messages ?? []).filter((message) => message.type === "tool");
  const results = h("ul", { id: "results" }, ...toolMessages.map((message, index) => h("li", { key: index }, `${message.status ?? "success"}: ${String(message.content)}`)));
  return h("main", null, start, status, review, results, h("p", { id: "sent" }, sent.join(",")), stream.error === undefined || stream.error === null ? null : h("p", { id: "stream-error" }, String(stream.error)));
}

createRoot(document.getElementById("root")!).render(h(App));
