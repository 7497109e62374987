/** @type {import('jest').Config} */
module.exports = {
  // Node's environment, failing a test file that leaves a process, server, socket or timer open.
  testEnvironment: "<rootDir>/tests/support/open-handles/environment.js",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // Sources import siblings with NodeNext-style ".js" suffixes; map them back to the .ts files.
  moduleNameMapper: {
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  // Checks which Node runs the suite (scripts/with-node.mjs), then starts one Postgres per run for
  // the *.pg.test.ts files (or uses the server LANGGRAPH_HITL_TEST_PG_URL names).
  globalSetup: "<rootDir>/tests/support/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/support/postgres/global-teardown.mjs",
  testTimeout: 30000,
  // The heavy suites first, also on a fresh clone without Jest's timing cache (see the file).
  testSequencer: "<rootDir>/tests/support/heavy-first-sequencer.js",
};
