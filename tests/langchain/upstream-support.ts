/**
 * What LangChain JS's own HITL middleware tests (`libs/langchain/src/agents/middleware/tests/
 * hitl.test.ts` at langchain@1.5.5) import from their test utilities, for the port in
 * upstream-hitl.cases.ts. `FakeToolCallingModel` is the one `langchain` itself exports.
 */
import { HumanMessage, type BaseMessage, type BaseMessageFields } from "@langchain/core/messages";
import type { HITLRequest, Interrupt, InterruptOnConfig } from "langchain";

/** Matches any string (LangChain's `AnyString`): the id LangGraph gives a message. */
class AnyString {
  asymmetricMatch(other: unknown): boolean {
    return typeof other === "string";
  }

  toString(): string {
    return "Any<String>";
  }

  toAsymmetricMatcher(): string {
    return "Any<String>";
  }
}

/** A HumanMessage that equals one with any id (LangChain's `_AnyIdHumanMessage`). */
export class AnyIdHumanMessage extends HumanMessage {
  override get lc_id(): string[] {
    return ["langchain_core", "messages", "HumanMessage"];
  }

  constructor(fields: BaseMessageFields | string) {
    const withId = { id: new AnyString() as unknown as string };
    super((typeof fields === "string" ? { content: fields, ...withId } : { ...fields, ...withId }) as BaseMessageFields);
  }
}

/** The options every HITL middleware of the port takes: LangChain's `humanInTheLoopMiddleware` config. */
export interface HitlOptions {
  interruptOn?: Record<string, boolean | InterruptOnConfig>;
  descriptionPrefix?: string;
}

/** The middleware value `createAgent` takes, whichever middleware made it. */
export type AnyMiddleware = ReturnType<typeof import("langchain").createMiddleware>;

/** What the upstream tests use of a `createAgent` agent (its generic types are beside the point here). */
export interface UpstreamAgent {
  invoke(input: unknown, config: { configurable: Record<string, unknown> }): Promise<{ messages: BaseMessage[]; __interrupt__?: Array<Interrupt<unknown>> }>;
  graph: {
    getState(config: { configurable: Record<string, unknown> }): Promise<{
      next: string[];
      tasks: Array<{ interrupts: Array<Interrupt<unknown>> }>;
      values: { messages: BaseMessage[] };
    }>;
  };
}

/** Where the expectations of LangChain's middleware and ours part, by name; each is one row of the README's switching table. */
export interface Differences {
  /**
   * The interrupt value, compared with the `HITLRequest` LangChain's test expects. LangChain:
   * exactly that value. Ours: that value's `actionRequests` / `reviewConfigs`, plus our
   * snake_case `tool_approval` payload beside them (a superset).
   */
  hitlRequest(value: unknown, expected: HITLRequest): void;
  /**
   * A resume value LangChain's middleware refuses by throwing (`invoke` rejects, and every later
   * resume of the thread throws again). Ours: the approval is raised again with an `error`
   * (`code`), nothing runs, and a correct decision is accepted next.
   */
  invalidResume(invoke: () => Promise<unknown>, upstreamMessage: string, code: "INVALID_DECISION" | "INVALID_EDIT"): Promise<void>;
  /**
   * One reject in a turn with approved calls. LangChain 1.5: the approved calls never run (the
   * turn goes back to the model). Ours (and LangChain 1.6.1, langchainjs#11437): they run.
   */
  readonly rejectRunsApprovedSiblings: boolean;
}

/** One middleware under test: LangChain's (the control) or ours. */
export interface HitlSubject {
  name: string;
  middleware(options: HitlOptions): AnyMiddleware;
  differences: Differences;
}
