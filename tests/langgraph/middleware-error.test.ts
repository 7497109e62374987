// Contract test for src/langgraph/middleware-error.ts: how LangChain's agent wraps what a middleware
// throws, read without importing langchain from the root entry.
import { AIMessage } from "@langchain/core/messages";
import { GraphInterrupt, MemorySaver } from "@langchain/langgraph";
import { fakeModel } from "@langchain/core/testing";
import { createAgent, createMiddleware, MiddlewareError } from "langchain";
import { HITLError } from "../../src/errors/hitl-error.js";
import { insideMiddlewareErrors, isMiddlewareError } from "../../src/langgraph/index.js";

describe("LangChain's MiddlewareError, as src/langgraph/middleware-error.ts reads it", () => {
  test("recognises exactly what LangChain's own MiddlewareError.isInstance recognises", () => {
    const wrapped = MiddlewareError.wrap(new Error("inner"), "someMiddleware");
    const candidates: unknown[] = [wrapped, MiddlewareError.wrap(wrapped, "outer"), new Error("plain"), { "~brand": "MiddlewareError" }, null, "MiddlewareError", new HITLError("INVALID_OPTIONS", "x")];
    expect(candidates.map(isMiddlewareError)).toEqual(candidates.map((candidate) => MiddlewareError.isInstance(candidate)));
    expect(isMiddlewareError(wrapped)).toBe(true);
  });

  test("the wrapped error is the cause, however deeply it is wrapped; anything else is itself", () => {
    const own = new HITLError("INVALID_DECISION", "refused");
    expect(insideMiddlewareErrors(MiddlewareError.wrap(own, "first"))).toBe(own);
    expect(insideMiddlewareErrors(MiddlewareError.wrap(MiddlewareError.wrap(own, "inner"), "outer"))).toBe(own);
    const plain = new Error("plain");
    expect(insideMiddlewareErrors(plain)).toBe(plain);
    // LangGraph's control flow is never wrapped.
    const interrupt = new GraphInterrupt([]);
    expect(MiddlewareError.wrap(interrupt, "any")).toBe(interrupt);
  });

  test("a createAgent agent rejects with a MiddlewareError around what a middleware threw", async () => {
    const own = new HITLError("INVALID_OPTIONS", "refused by a middleware");
    const refusing = createMiddleware({
      name: "Refusing",
      wrapModelCall: () => {
        throw own;
      },
    });
    const agent = createAgent({ model: fakeModel().respond(new AIMessage("never")), tools: [], middleware: [refusing], checkpointer: new MemorySaver() });
    const error = await agent.invoke({ messages: [{ role: "user", content: "hi" }] }, { configurable: { thread_id: "middleware-error" } }).catch((e: unknown) => e);
    expect(error).not.toBe(own);
    expect(isMiddlewareError(error)).toBe(true);
    expect(insideMiddlewareErrors(error)).toBe(own);
  });
});
