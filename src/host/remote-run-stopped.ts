import type { RunnableConfig } from "@langchain/core/runnables";
import type { HumanInterruptPayload } from "../payload/types.js";
import { agentServerFailure } from "./agent-server-failure.js";
import { interruptsPendingIn } from "./get-interrupt.js";
import type { PendingInterrupt } from "./pending-interrupt.js";
import type { RemoteGraphLike } from "./remote-graph.js";
import type { ResumeResult } from "./resume-types.js";
import { runStoppedOnServer } from "./run-stopped-on-server.js";
import { reportFromMessages } from "./submission-outcome.js";

/** What a resumed run answered, as `resumeRemote()` sent it. */
interface SentResume {
  threadId: string;
  target: PendingInterrupt<HumanInterruptPayload>;
  /** The digest the node's audit record names this submission by. */
  submission: string;
}

/**
 * The Agent Server ends the stream of a run it cancelled or that another client's run
 * interrupted without an error: the run's values are where it stopped. A run that ended without
 * pausing again and without the node's record of what it answered (an approval's, or a
 * question's asked through the tool) is checked against the thread: when the interrupt it
 * answered is still pending, or the node's record of it is there now (another run completed the
 * batch), the run was stopped before the node ended, and this throws `RUN_ABORTED`. One read,
 * only on that path.
 *
 * @throws {HITLError} `RUN_ABORTED`; `AGENT_SERVER_FAILED` when the thread could not be read.
 * @example
 * ```ts
 * await throwIfStoppedOnServer(remoteGraph, config, { threadId, target, submission }, result);
 * ```
 */
export async function throwIfStoppedOnServer(graph: RemoteGraphLike, config: RunnableConfig, sent: SentResume, result: ResumeResult<unknown>): Promise<void> {
  if (result.judgment !== undefined || result.interrupt !== undefined || result.halted !== undefined) return;
  const state = await graph.getState(config).catch((error: unknown) => {
    throw agentServerFailure(error, "run", sent.threadId) ?? error;
  });
  const stillPending = interruptsPendingIn(state, sent.threadId).some((pending) => pending.interruptId === sent.target.interruptId);
  const completedByAnother = reportFromMessages(state.values, sent.target.interruptId, sent.submission) !== undefined;
  if (stillPending || completedByAnother) throw runStoppedOnServer(sent.threadId);
}
