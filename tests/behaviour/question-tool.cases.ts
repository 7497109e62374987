import { Command, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { HumanMessage } from "@langchain/core/messages";
import {
  askUserQuestions,
  createAskUserQuestionTool,
  getInterrupt,
  HookRegistry,
  isAskUserQuestionInterrupt,
  isHITLError,
  isToolApprovalInterrupt,
  resume,
  type AskUserQuestionInterruptPayload,
} from "../../src/index.js";
import { hasInbox } from "../../src/inbox/types.js";
import { ask, countingTool, interruptsOf, newThread, toolMessages, type PlannedCall } from "../support/fixtures.js";
import type { BehaviourCases, SaverFactory, Adapter } from "./harness.js";

const envQuestion = {
  question: "Which environment?",
  options: [
    { label: "Staging", value: "staging" },
    { label: "Production", value: "production" },
  ],
};

async function questionAgent(saver: SaverFactory, adapter: Adapter, calls: PlannedCall[], options: { hitl?: boolean; interruptOn?: Record<string, boolean> } = {}) {
  const deploy = countingTool("deploy");
  const notify = countingTool("notify");
  const node = adapter.approvals([deploy.tool, notify.tool, createAskUserQuestionTool()], {
    interruptOn: options.interruptOn ?? {},
    ...(options.hitl === false ? { humanInTheLoop: { enabled: false } } : {}),
  });
  const { graph } = adapter.agentGraph(node, calls, await saver());
  return { graph, deploy, notify };
}

export const questionToolCases: BehaviourCases = (saver, adapter) => {
  describe("the ask_user_question tool", () => {
    test("a call to it raises an ask_user_question interrupt with its tool_call_id, and its ToolMessage is the answer", async () => {
      const { graph } = await questionAgent(saver, adapter, [{ name: "ask_user_question", args: envQuestion, id: "q1" }]);
      const config = newThread();
      const paused = await graph.invoke(ask(), config);
      const payload = interruptsOf(paused)[0]?.value as AskUserQuestionInterruptPayload;
      expect(isAskUserQuestionInterrupt(payload)).toBe(true);
      expect(payload.tool_call_id).toBe("q1");
      expect(payload.question).toEqual(envQuestion);
      const { values } = await resume(graph, config, { answer: "staging" }, { reviewer: { id: "ops-1" } });
      const [message] = toolMessages(values);
      expect([message?.tool_call_id, message?.status, message?.content]).toEqual(["q1", "success", "staging"]);
      expect(message?.additional_kwargs["hitl"]).toMatchObject({ decision: "answer", reviewer: { id: "ops-1" } });
    });

    test.each([
      ["one option", { question: "Sure?", options: [{ label: "Yes", value: "yes" }] }],
      ["five options", { question: "Pick", options: ["a", "b", "c", "d", "e"].map((v) => ({ label: v, value: v })) }],
      ["no question text", { question: "" }],
    ])("a call with %s fails the tool's schema: an error ToolMessage, no interrupt", async (_label, args) => {
      const { graph } = await questionAgent(saver, adapter, [{ name: "ask_user_question", args, id: "q1" }]);
      const result = await graph.invoke(ask(), newThread());
      expect(interruptsOf(result)).toEqual([]);
      expect(toolMessages(result)[0]?.status).toBe("error");
    });

    test("a multiSelect question is answered with an array of option values", async () => {
      const question = { question: "Which regions?", multiSelect: true, options: ["eu", "us", "ap"].map((v) => ({ label: v.toUpperCase(), value: v })) };
      const { graph } = await questionAgent(saver, adapter, [{ name: "ask_user_question", args: question, id: "q1" }]);
      const config = newThread();
      await graph.invoke(ask(), config);
      const refused = await resume(graph, config, { answer: "eu" }).catch((e: unknown) => e);
      expect(isHITLError(refused, "INVALID_ANSWER")).toBe(true);
      const { values } = await resume(graph, config, { answer: ["eu", "ap"] });
      expect(toolMessages(values)[0]?.content).toBe('["eu","ap"]');
    });

    test("an invalid answer through a raw Command re-raises the question with an error; nothing runs", async () => {
      const strict = { ...envQuestion, allowFreeText: false };
      const { graph, notify } = await questionAgent(saver, adapter, [
        { name: "ask_user_question", args: strict, id: "q1" },
        { name: "notify", args: { path: "team" }, id: "n1" },
      ]);
      const config = newThread();
      const paused = await graph.invoke(ask(), config);
      const again = await graph.invoke(new Command({ resume: { [interruptsOf(paused)[0]!.id!]: { answer: "moon" } } }), config);
      const payload = interruptsOf(again)[0]?.value as AskUserQuestionInterruptPayload;
      expect(payload.error?.code).toBe("INVALID_ANSWER");
      expect(payload.error?.details[0]?.allowed).toEqual(["staging", "production"]);
      expect(notify.count).toBe(0);
      await resume(graph, config, { answer: "production" });
      expect(notify.count).toBe(1);
    });

    test("an answer refused when it arrived is never judged again: after a redeploy without the signing key, the person's next answer is the one the model sees", async () => {
      const checkpointer = await saver();
      const calls = [{ name: "ask_user_question", args: envQuestion, id: "q1" }];
      const release = (signingKey?: string) =>
        adapter.agentGraph(adapter.approvals([createAskUserQuestionTool()], signingKey === undefined ? {} : { signingKey }), calls, checkpointer).graph;
      const signed = release("k".repeat(32));
      const config = newThread("refused-answer");
      const paused = await signed.invoke(ask(), config);
      const refused = await signed.invoke(new Command({ resume: { [interruptsOf(paused)[0]!.id!]: { answer: "staging" } } }), config);
      const shown = interruptsOf(refused)[0]!;
      expect((shown.value as AskUserQuestionInterruptPayload).error?.code).toBe("INVALID_SIGNATURE");
      // The new release has no key: the refused "staging" would now pass, but the person answered again.
      const unsigned = release();
      await unsigned.invoke(new Command({ resume: { [shown.id!]: { answer: "production" } } }), config);
      const state = await unsigned.getState(config);
      expect(state.tasks.flatMap((task) => task.interrupts)).toEqual([]);
      expect(toolMessages(state.values).map((message) => [message.tool_call_id, message.content])).toEqual([["q1", "production"]]);
    });

    describe("a batch's earlier answers keep their questions across a redeploy that changes the signing key", () => {
      const key = "k".repeat(32);
      const calls = [
        { name: "ask_user_question", args: envQuestion, id: "q1" },
        { name: "ask_user_question", args: { question: "Anything else?" }, id: "q2" },
      ];
      const answersOf = async (graph: Awaited<ReturnType<typeof release>>, config: ReturnType<typeof newThread>) => {
        const state = await graph.getState(config);
        expect(state.tasks.flatMap((task) => task.interrupts)).toEqual([]);
        return toolMessages(state.values).map((message) => [message.tool_call_id, message.content]);
      };
      async function release(checkpointer: Awaited<ReturnType<SaverFactory>>, signingKey?: string) {
        return adapter.agentGraph(adapter.approvals([createAskUserQuestionTool()], signingKey === undefined ? {} : { signingKey }), calls, checkpointer).graph;
      }

      test("the key removed: a refused answer to the first question never becomes its answer, nor the second question's", async () => {
        const checkpointer = await saver();
        const signed = await release(checkpointer, key);
        const config = newThread("earlier-refused");
        const paused = await signed.invoke(ask(), config);
        const refused = await signed.invoke(new Command({ resume: { [interruptsOf(paused)[0]!.id!]: { answer: "staging" } } }), config);
        const shown = interruptsOf(refused)[0]!;
        expect([shown.id, (shown.value as AskUserQuestionInterruptPayload).error?.code]).toEqual([interruptsOf(paused)[0]!.id, "INVALID_SIGNATURE"]);
        if (hasInbox(checkpointer)) {
          // The inbox lists the question once, under its id, as it now stands (with the error).
          const { items } = await checkpointer.listPendingInterrupts({ limit: 10, threadId: config.configurable.thread_id });
          expect(items.map((item) => [item.interruptId, (item.payload as AskUserQuestionInterruptPayload).error?.code])).toEqual([[shown.id, "INVALID_SIGNATURE"]]);
        }
        const second = await resume(signed, config, { answer: "production" }, { interruptId: shown.id!, signingKey: key });
        expect(second.interrupt?.payload).toMatchObject({ tool_call_id: "q2" });
        // The new release has no key: the refused "staging" would now pass.
        const unsigned = await release(checkpointer);
        await unsigned.invoke(new Command({ resume: { [second.interrupt!.interruptId]: { answer: "ship it" } } }), config);
        expect(await answersOf(unsigned, config)).toEqual([
          ["q1", "production"],
          ["q2", "ship it"],
        ]);
      });

      test("the key added: an answer accepted when it arrived stays its question's, and the next answer goes to the next question", async () => {
        const checkpointer = await saver();
        const unsigned = await release(checkpointer);
        const config = newThread("earlier-accepted");
        const paused = await unsigned.invoke(ask(), config);
        const second = await unsigned.invoke(new Command({ resume: { [interruptsOf(paused)[0]!.id!]: { answer: "staging" } } }), config);
        const shown = interruptsOf(second)[0]!;
        expect(shown.value).toMatchObject({ tool_call_id: "q2" });
        // The new release requires signed answers: "staging" was judged when it arrived, under the release that took it.
        const signed = await release(checkpointer, key);
        const done = await resume(signed, config, { answer: "production" }, { interruptId: shown.id!, signingKey: key });
        expect(done.interrupt).toBeUndefined();
        expect(await answersOf(signed, config)).toEqual([
          ["q1", "staging"],
          ["q2", "production"],
        ]);
      });
    });

    describe("a redeploy that changes which calls are questions moves no answer to another question", () => {
      const calls = [
        { name: "ask_user_question", args: { question: "Which environment?" }, id: "q1" },
        { name: "ask_user_question", args: { question: "Anything else?" }, id: "q2" },
      ];
      async function release(checkpointer: Awaited<ReturnType<SaverFactory>>, denied?: string) {
        const hooks = new HookRegistry().register("PreToolUse", { hooks: [({ toolCallId }) => (toolCallId === denied ? { decision: "deny", reason: "not now" } : undefined)] });
        return adapter.agentGraph(adapter.approvals([createAskUserQuestionTool()], { hooks }), calls, checkpointer).graph;
      }
      const outcomes = async (graph: Awaited<ReturnType<typeof release>>, config: ReturnType<typeof newThread>) => {
        const state = await graph.getState(config);
        expect(state.tasks.flatMap((task) => task.interrupts)).toEqual([]);
        return toolMessages(state.values).map((message) => [message.tool_call_id, message.status, message.status === "success" ? message.content : "denied"]);
      };

      test("a hook now denies the answered first question: its answer is dropped, and the second question gets its own", async () => {
        const checkpointer = await saver();
        const before = await release(checkpointer);
        const config = newThread("withdrawn");
        await before.invoke(ask(), config);
        const first = (await getInterrupt(before, config))!;
        const second = await resume(before, config, { answer: "staging" }, { interruptId: first.interruptId });
        expect(second.interrupt?.payload).toMatchObject({ tool_call_id: "q2", answered_tool_call_ids: ["q1"] });
        const after = await release(checkpointer, "q1");
        await resume(after, config, { answer: "ship it" }, { interruptId: second.interrupt!.interruptId });
        expect(await outcomes(after, config)).toEqual([
          ["q1", "error", "denied"],
          ["q2", "success", "ship it"],
        ]);
      });

      test("a hook that denied the first question allows it now: the question already asked keeps its answer, and the first is asked after it", async () => {
        const checkpointer = await saver();
        const before = await release(checkpointer, "q1");
        const config = newThread("added");
        await before.invoke(ask(), config);
        const only = (await getInterrupt(before, config))!;
        expect(only.payload).toMatchObject({ tool_call_id: "q2", answered_tool_call_ids: [] });
        const after = await release(checkpointer);
        const next = await resume(after, config, { answer: "ship it" }, { interruptId: only.interruptId });
        expect(next.interrupt?.payload).toMatchObject({ tool_call_id: "q1", answered_tool_call_ids: ["q2"] });
        await resume(after, config, { answer: "staging" }, { interruptId: next.interrupt!.interruptId });
        expect(await outcomes(after, config)).toEqual([
          ["q1", "success", "staging"],
          ["q2", "success", "ship it"],
        ]);
      });
    });

    test("with human in the loop disabled, a question gets an error ToolMessage saying no human is available", async () => {
      const { graph } = await questionAgent(saver, adapter, [{ name: "ask_user_question", args: envQuestion, id: "q1" }], { hitl: false });
      const result = await graph.invoke(ask(), newThread());
      expect(interruptsOf(result)).toEqual([]);
      const [message] = toolMessages(result);
      expect(message?.status).toBe("error");
      expect(message?.content).toContain("no human is available");
    });
  });

  describe("a batch mixing approvals and questions", () => {
    test("approvals come first, then each question; no tool runs until everything is in; each runs once", async () => {
      const { graph, deploy, notify } = await questionAgent(
        saver,
        adapter,
        [
          { name: "ask_user_question", args: envQuestion, id: "q1" },
          { name: "deploy", args: { path: "app" }, id: "d1" },
          { name: "notify", args: { path: "team" }, id: "n1" },
          { name: "ask_user_question", args: { question: "Anything else to tell the team?" }, id: "q2" },
        ],
        { interruptOn: { deploy: true } },
      );
      const config = newThread();
      await graph.invoke(ask(), config);

      const first = await getInterrupt(graph, config);
      expect(isToolApprovalInterrupt(first?.payload)).toBe(true);
      const afterApproval = await resume(graph, config, [{ type: "approve" }], { interruptId: first!.interruptId });
      expect([deploy.count, notify.count]).toEqual([0, 0]);
      expect(afterApproval.interrupt?.payload).toMatchObject({ type: "ask_user_question", tool_call_id: "q1" });
      expect((await getInterrupt(graph, config))?.interruptId).toBe(afterApproval.interrupt?.interruptId);

      const afterQ1 = await resume(graph, config, { answer: "production" }, { interruptId: afterApproval.interrupt!.interruptId });
      expect([deploy.count, notify.count]).toEqual([0, 0]);
      expect(afterQ1.interrupt?.payload).toMatchObject({ type: "ask_user_question", tool_call_id: "q2" });

      const done = await resume(graph, config, { answer: "all good" }, { interruptId: afterQ1.interrupt!.interruptId });
      expect(done.interrupt).toBeUndefined();
      expect([deploy.count, notify.count]).toEqual([1, 1]);
      expect(toolMessages(done.values).map((m) => [m.tool_call_id, m.content])).toEqual([
        ["q1", "production"],
        ["d1", 'deploy ran with {"path":"app"}'],
        ["n1", 'notify ran with {"path":"team"}'],
        ["q2", "all good"],
      ]);
    });
  });

  describe("askUserQuestions() asks several questions in one pause", () => {
    async function surveyGraph() {
      let done = 0;
      const graph = new StateGraph(MessagesAnnotation)
        .addNode("survey", () => {
          const { answers } = askUserQuestions([
            envQuestion,
            { question: "Which features?", multiSelect: true, options: ["logs", "metrics"].map((v) => ({ label: v, value: v })) },
          ]);
          done += 1;
          return { messages: [new HumanMessage(JSON.stringify(answers))] };
        })
        .addEdge(START, "survey")
        .addEdge("survey", END)
        .compile({ checkpointer: await saver() });
      return { graph, done: () => done };
    }

    test("one payload carries every question, and one resolution answers them by question text", async () => {
      const { graph, done } = await surveyGraph();
      const config = newThread();
      const paused = await graph.invoke({ messages: [] }, config);
      const payload = interruptsOf(paused)[0]?.value as AskUserQuestionInterruptPayload;
      expect(payload.questions?.map((q) => q.question)).toEqual(["Which environment?", "Which features?"]);
      const { values } = await resume(graph, config, { answers: { "Which environment?": "staging", "Which features?": ["logs"] } });
      expect(done()).toBe(1);
      expect(JSON.parse(String(values.messages[0]?.content))).toEqual({ "Which environment?": "staging", "Which features?": ["logs"] });
    });

    test.each([
      ["a missing answer", { answers: { "Which environment?": "staging" } }],
      ["an unknown question", { answers: { "Which environment?": "staging", "Which features?": [], "Why?": "x" } }],
      ["a string for a multiSelect question", { answers: { "Which environment?": "staging", "Which features?": "logs" } }],
      ["the single-question form", { answer: "staging" }],
    ])("resume() refuses %s with INVALID_ANSWER", async (_label, value) => {
      const { graph, done } = await surveyGraph();
      const config = newThread();
      await graph.invoke({ messages: [] }, config);
      const error = await resume(graph, config, value as never).catch((e: unknown) => e);
      expect(isHITLError(error, "INVALID_ANSWER")).toBe(true);
      expect(done()).toBe(0);
    });

    test("a raw Command with a bad resolution re-raises all the questions with an error", async () => {
      const { graph, done } = await surveyGraph();
      const config = newThread();
      const paused = await graph.invoke({ messages: [] }, config);
      const again = await graph.invoke(new Command({ resume: { [interruptsOf(paused)[0]!.id!]: { answers: {} } } }), config);
      const payload = interruptsOf(again)[0]?.value as AskUserQuestionInterruptPayload;
      expect(payload.error?.code).toBe("INVALID_ANSWER");
      expect(payload.questions).toHaveLength(2);
      expect(done()).toBe(0);
    });
  });
};
