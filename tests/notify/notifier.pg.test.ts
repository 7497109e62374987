import { middlewareAdapter, nodeAdapter } from "../behaviour/harness.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";
import { notifierCases } from "./notifier.cases.js";

jest.setTimeout(60_000);

const pg = usePostgresCheckpointer();

describe.each([["ApprovalToolNode", nodeAdapter], ["createAgent + approvalMiddleware", middlewareAdapter]] as const)("on the Postgres checkpointer, %s", (_name, adapter) => {
  notifierCases(() => pg.saver, adapter);
});
