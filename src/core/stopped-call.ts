import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { isCommand, type Command } from "@langchain/langgraph";
import { HITLError } from "../errors/hitl-error.js";
import type { RunCancellation } from "../hooks/run-signal.js";

/** What a call's runner answers with: a message, or a `Command`. */
type CallOutput = ToolMessage | Command;

function stoppedMessage(call: ToolCall): ToolMessage {
  return new ToolMessage({
    status: "error",
    name: call.name,
    tool_call_id: call.id ?? "",
    content: `Tool "${call.name}" was running when the run was stopped; whether it completed is not known, and it is not run again.`,
  });
}

function failed(output: CallOutput): boolean {
  return !isCommand(output) && (output as ToolMessage).status === "error";
}

/**
 * Runs one call and, once the run has been stopped (its signal aborted: a consumer left the
 * stream, a caller aborted), answers a call that failed or was cut off with an error message
 * saying it may have run. That message is its result: recorded like any other, so no later
 * resume runs the call a second time. A call that finished before the stop keeps its result.
 *
 * One promise per call, not an `async` wrapper: a batch answers every call through here, and
 * each await is a promise LangChain's async-context tracking pays for.
 *
 * @param call - The call.
 * @param run - The adapter's runner for it.
 * @param runSignal - The run's cancellation, as the node follows it.
 * @returns What the call is answered with.
 * @throws whatever `run` throws while the run has not been stopped (as a rejection).
 * @example
 * ```ts
 * const output = await runUnlessStopped(call, runTool, env.runSignal);
 * ```
 */
export function runUnlessStopped(call: ToolCall, run: (call: ToolCall) => Promise<CallOutput>, runSignal: RunCancellation): Promise<CallOutput> {
  let running: Promise<CallOutput>;
  try {
    // A runner that answers without a promise, or throws before returning one, is settled the same way.
    running = Promise.resolve(run(call));
  } catch (error) {
    running = Promise.reject(error);
  }
  return running.then(
    (output) => (runSignal.aborted && failed(output) ? stoppedMessage(call) : output),
    (error: unknown) => {
      if (!runSignal.aborted) throw error;
      return stoppedMessage(call);
    },
  );
}

/**
 * The error a batch ends with when its run was stopped: its calls' results are recorded and
 * its claim released, so the next resume completes it at once without running a call again.
 *
 * @example
 * ```ts
 * if (env.runSignal.aborted) throw stoppedBatch(task.threadId);
 * ```
 */
export function stoppedBatch(threadId: string | undefined): HITLError {
  return new HITLError("RUN_ABORTED", "The run was stopped while this batch ran; its calls' results are recorded and the next resume completes it.", {
    ...(threadId === undefined ? {} : { threadId }),
  });
}
