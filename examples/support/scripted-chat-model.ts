import { BaseChatModel, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** Decides the model's next message from the conversation so far. */
export type Script = (messages: BaseMessage[]) => AIMessage;

/**
 * A chat model that answers from a script instead of the network: deterministic, free,
 * and safe to share between concurrent threads (the answer depends only on the messages).
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly #script: Script;
  calls = 0;

  constructor(script: Script, params: BaseChatModelParams = {}) {
    super(params);
    this.#script = script;
  }

  override _llmType(): string {
    return "scripted";
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls += 1;
    const message = this.#script(messages);
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }

  /** Tools are already part of the script; binding them changes nothing. */
  override bindTools(): this {
    return this;
  }
}

/** A planned tool call. */
export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
}

/**
 * The usual script: on the person's message, call `calls` in one batch; once every call has
 * its result, answer with `finalText(results)`.
 */
export function toolCallingScript(calls: PlannedCall[], finalText: (results: string[]) => string = (results) => `Done: ${results.join(" | ")}`): Script {
  return (messages) => {
    const last = messages[messages.length - 1];
    if (last?.getType() === "tool") {
      const lastHuman = messages.map((message) => message.getType()).lastIndexOf("human");
      const results = messages.slice(lastHuman + 1).filter((message) => message.getType() === "tool").map((message) => String(message.content));
      return new AIMessage(finalText(results));
    }
    // Each of the person's turns gets its own call ids, so a later turn is a new batch.
    const turn = messages.filter((message) => message.getType() === "human").length;
    const idOf = (call: PlannedCall, index: number): string => {
      const base = call.id ?? `call_${index + 1}`;
      return turn <= 1 ? base : `${base}_t${turn}`;
    };
    return new AIMessage({
      content: "",
      tool_calls: calls.map((call, index) => ({ name: call.name, args: call.args, id: idOf(call, index), type: "tool_call" as const })),
    });
  };
}
