import { createMemoryCheckpointer } from "../../src/index.js";
import { runInboxSuite } from "./inbox.cases.js";

describe("createMemoryCheckpointer", () => {
  runInboxSuite(async () => createMemoryCheckpointer());
});
