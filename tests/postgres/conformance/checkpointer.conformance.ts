// The conformance suite as a vitest file. (validate-checkpointer, the package's CLI, cannot load
// any initializer in 1.1.1: its runner reads a schema export that the published build lacks.)
import { validate } from "@langchain/langgraph-checkpoint-validation";
import initializer from "./initializer.js";

validate(initializer);
