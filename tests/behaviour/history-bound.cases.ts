import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { CheckpointListOptions, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { Annotation, Command, END, interrupt, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ApprovalToolNode, isHITLError, resume, type HITLError } from "../../src/index.js";
import { HISTORY_SEARCH_LIMIT } from "../../src/host/interrupt-history.js";
import { aiCalls, ask, countingTool, newThread } from "../support/fixtures.js";
import type { BehaviourCases } from "./harness.js";

/** Steps the loop takes after the gate: every step is a checkpoint, so the history outgrows the search. */
const STEPS = HISTORY_SEARCH_LIMIT + 50;

const State = Annotation.Root({ count: Annotation<number>({ reducer: (_old, next) => next, default: () => 0 }) });

/** gate (one interrupt) → step × `steps` → END: every step is one more checkpoint. */
function gatedLoop(checkpointer: BaseCheckpointSaver, steps: number) {
  return new StateGraph(State)
    .addNode("gate", () => {
      interrupt({ question: "go?" });
      return {};
    })
    .addNode("step", (state) => ({ count: state.count + 1 }))
    .addEdge(START, "gate")
    .addConditionalEdges("gate", () => (steps > 0 ? "step" : END), ["step", END])
    .addConditionalEdges("step", (state) => (state.count < steps ? "step" : END), ["step", END])
    .compile({ checkpointer });
}

/** A thread of `gatedLoop(steps)` that passed its gate and ran to the end; `gateId` is the interrupt it answered. */
async function threadPastItsGate(checkpointer: BaseCheckpointSaver, steps: number) {
  const graph = gatedLoop(checkpointer, steps);
  const config = { ...newThread("history"), recursionLimit: steps * 2 + 10 };
  await graph.invoke({ count: 0 }, config);
  const gateId = (await graph.getState(config)).tasks[0]?.interrupts[0]?.id as string;
  await graph.invoke(new Command({ resume: { [gateId]: "go" } }), config);
  return { graph, config, gateId };
}

const ApprovalLoopState = Annotation.Root({ ...MessagesAnnotation.spec, count: Annotation<number>({ reducer: (_old, next) => next, default: () => 0 }) });

/** model (one guarded call) → tools (ApprovalToolNode) → step × `steps` → END: the approval's checkpoint sinks below the search bound. */
function approvalThenLoop(checkpointer: BaseCheckpointSaver, steps: number) {
  const deploy = countingTool("deploy");
  const graph = new StateGraph(ApprovalLoopState)
    .addNode("model", () => ({ messages: [aiCalls([{ id: "call_deploy", name: "deploy", args: { path: "prod" } }])] }))
    .addNode("tools", new ApprovalToolNode([deploy.tool], { interruptOn: { deploy: true } }))
    .addNode("step", (state) => ({ count: state.count + 1 }))
    .addEdge(START, "model")
    .addEdge("model", "tools")
    .addEdge("tools", "step")
    .addConditionalEdges("step", (state) => (state.count < steps ? "step" : END), ["step", END])
    .compile({ checkpointer });
  return { graph, deploy };
}

/** Counts the checkpoints `list` yields, and the limits it was asked for, while `work` runs. */
async function countingReads<T>(saver: BaseCheckpointSaver, work: () => Promise<T>): Promise<{ result: T; yielded: number; limits: Array<number | undefined> }> {
  const original = saver.list.bind(saver);
  const limits: Array<number | undefined> = [];
  let yielded = 0;
  saver.list = async function* counted(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    limits.push(options?.limit);
    for await (const tuple of original(config, options)) {
      yielded += 1;
      yield tuple;
    }
  };
  try {
    return { result: await work(), yielded, limits };
  } finally {
    delete (saver as { list?: unknown }).list;
  }
}

const refusal = (promise: Promise<unknown>): Promise<HITLError> =>
  promise.then(
    () => {
      throw new Error("resume() was not refused");
    },
    (error: HITLError) => error,
  );

/** Registered once per checkpointer: the bound is the host's, whichever adapter raised the interrupt. */
export const historyBoundCases: BehaviourCases = (saver) => {
  describe(`an interruptId that is not pending is looked for in the latest ${HISTORY_SEARCH_LIMIT} checkpoints only`, () => {
    async function longThread() {
      const checkpointer = await saver();
      return { checkpointer, ...(await threadPastItsGate(checkpointer, STEPS)) };
    }

    test("an id the thread never raised: UNKNOWN_INTERRUPT saying how far the history was searched, after reading at most the bound", async () => {
      const { checkpointer, graph, config } = await longThread();
      const { result: error, yielded, limits } = await countingReads(checkpointer, () => refusal(resume(graph, config, { answer: "go" }, { interruptId: "0123456789abcdef0123456789abcdef" })));
      expect(isHITLError(error, "UNKNOWN_INTERRUPT")).toBe(true);
      expect(error.message).toContain(`was not raised in the latest ${HISTORY_SEARCH_LIMIT} checkpoints`);
      expect(error.details[0]).toMatchObject({ path: ["interruptId"], received: "0123456789abcdef0123456789abcdef", allowed: [] });
      expect(yielded).toBeLessThanOrEqual(HISTORY_SEARCH_LIMIT);
      expect(limits.every((limit) => limit !== undefined && limit <= HISTORY_SEARCH_LIMIT)).toBe(true);
    });

    test("an id answered before the searched checkpoints is refused the same way (fail closed), and nothing is submitted", async () => {
      const { checkpointer, graph, config, gateId } = await longThread();
      const before = (await graph.getState(config)).config.configurable?.["checkpoint_id"];
      const { result: error, yielded } = await countingReads(checkpointer, () => refusal(resume(graph, config, { answer: "go" }, { interruptId: gateId })));
      expect(isHITLError(error, "UNKNOWN_INTERRUPT")).toBe(true);
      expect(error.message).toContain("its older history was not searched");
      expect(yielded).toBeLessThanOrEqual(HISTORY_SEARCH_LIMIT);
      expect((await graph.getState(config)).config.configurable?.["checkpoint_id"]).toBe(before);
    });

    test("an approval answered before the searched checkpoints is INTERRUPT_ALREADY_RESOLVED from its claim, and its tool does not run again", async () => {
      const checkpointer = await saver();
      const { graph, deploy } = approvalThenLoop(checkpointer, STEPS);
      const config = { ...newThread("answered-long-ago"), recursionLimit: STEPS * 2 + 10 };
      await graph.invoke(ask(), config);
      const approvalId = (await graph.getState(config)).tasks[0]?.interrupts[0]?.id as string;
      await resume(graph, config, [{ type: "approve" }], { interruptId: approvalId });
      expect(deploy.count).toBe(1);
      const error = await refusal(resume(graph, config, [{ type: "approve" }], { interruptId: approvalId }));
      expect(isHITLError(error, "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
      expect(deploy.count).toBe(1);
    });

    test("on a short thread the whole history is searched: an answered id is INTERRUPT_ALREADY_RESOLVED, an unknown one 'never raised'", async () => {
      const { graph, config, gateId } = await threadPastItsGate(await saver(), 0);
      expect(isHITLError(await refusal(resume(graph, config, { answer: "go" }, { interruptId: gateId })), "INTERRUPT_ALREADY_RESOLVED")).toBe(true);
      const unknown = await refusal(resume(graph, config, { answer: "go" }, { interruptId: "0123456789abcdef0123456789abcdef" }));
      expect(isHITLError(unknown, "UNKNOWN_INTERRUPT")).toBe(true);
      expect(unknown.message).toContain(`was never raised on thread "${config.configurable.thread_id}"`);
    });
  });
};
