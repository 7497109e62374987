import { MemorySaver } from "@langchain/langgraph";
import { runBehaviourSuite } from "./suite.js";

describe("core behaviour on MemorySaver", () => {
  runBehaviourSuite(() => new MemorySaver());
});
