import type { ToolMessage } from "@langchain/core/messages";
import { Command, isCommand } from "@langchain/langgraph";

/** Folds Send-based parent commands into one, exactly as LangGraph's `ToolNode` does. */
function isSendList(goto: unknown): boolean {
  return Array.isArray(goto) && goto.every((entry) => typeof entry === "object" && entry !== null && "node" in entry && "args" in entry);
}

/**
 * Shapes tool outputs into the node's return value: `{ messages }` (or a bare list when the
 * input was one), and, when tools returned `Command`s, a list of updates and commands with
 * parent-graph `Send`s merged — the same contract as `ToolNode`.
 */
export function combineOutputs(outputs: Array<ToolMessage | Command>, inputIsMessageList: boolean): unknown {
  if (!outputs.some((output) => isCommand(output))) return inputIsMessageList ? outputs : { messages: outputs };
  const combined: unknown[] = [];
  let parentCommand: Command | undefined;
  for (const output of outputs) {
    if (!isCommand(output)) {
      combined.push(inputIsMessageList ? [output] : { messages: [output] });
    } else if (output.graph === Command.PARENT && isSendList(output.goto)) {
      if (parentCommand === undefined) parentCommand = new Command({ graph: Command.PARENT, goto: [...(output.goto as never[])] });
      else (parentCommand.goto as unknown[]).push(...(output.goto as unknown[]));
    } else {
      combined.push(output);
    }
  }
  if (parentCommand !== undefined) combined.push(parentCommand);
  return combined;
}
