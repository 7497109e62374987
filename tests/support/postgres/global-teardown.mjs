// Jest globalTeardown: stops the Postgres that globalSetup started (none when a URL was given).
export default async function globalTeardown() {
  const server = globalThis.__langgraphHitlPostgres;
  globalThis.__langgraphHitlPostgres = undefined;
  delete process.env.LANGGRAPH_HITL_TEST_PG_ADMIN_URL;
  await server?.stop();
}
