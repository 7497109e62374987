import { createMemoryCheckpointer } from "../../src/index.js";
import { perCallPayloadCases } from "./per-call-payload.cases.js";

describe("LangChain's per-call tool_approval shape on the in-memory checkpointer", () => {
  perCallPayloadCases(() => createMemoryCheckpointer());
});
