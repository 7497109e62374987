// Jest globalSetup: one Postgres per `npm test` run, shared by every worker. Each test file then
// creates its own database on it (see test-database.ts).
//   LANGGRAPH_HITL_TEST_PG_URL        set by you: use this server instead (its role needs CREATEDB)
//   LANGGRAPH_HITL_TEST_PG_ADMIN_URL  set here for the workers: the server in use, given or embedded
import { startEmbeddedPostgres } from "./embedded-server.mjs";

export default async function globalSetup() {
  const given = process.env.LANGGRAPH_HITL_TEST_PG_URL;
  if (given !== undefined && given !== "") {
    process.env.LANGGRAPH_HITL_TEST_PG_ADMIN_URL = given;
    return;
  }
  const server = await startEmbeddedPostgres();
  // globalTeardown runs in this same context, so it finds the server here.
  globalThis.__langgraphHitlPostgres = server;
  // Workers are started after globalSetup and inherit this environment.
  process.env.LANGGRAPH_HITL_TEST_PG_ADMIN_URL = server.url;
}
