import { runBehaviourSuite } from "../behaviour/suite.js";
import { usePostgresCheckpointer } from "../support/postgres/use-checkpointer.js";

const pg = usePostgresCheckpointer();

describe("core behaviour on the Postgres checkpointer", () => {
  // Every test uses its own thread id, so one saver serves them all.
  runBehaviourSuite(() => pg.saver);
});
