import { createMemoryCheckpointer } from "../../src/index.js";
import { middlewareAdapter, nodeAdapter } from "../behaviour/harness.js";
import { notifierCases } from "./notifier.cases.js";

jest.setTimeout(30_000);

describe.each([["ApprovalToolNode", nodeAdapter], ["createAgent + approvalMiddleware", middlewareAdapter]] as const)("on the memory checkpointer, %s", (_name, adapter) => {
  notifierCases(() => createMemoryCheckpointer(), adapter);
});
