// Jest globalSetup (jest.config.js): checks which Node runs the suite, then starts the test Postgres.
import startTestPostgres from "./postgres/global-setup.mjs";
import { checkExpectedNode } from "./node-version.js";

export default async function globalSetup() {
  const line = checkExpectedNode();
  if (line !== undefined) console.log(`\n${line}`);
  await startTestPostgres();
}
