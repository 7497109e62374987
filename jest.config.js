/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // Sources import siblings with NodeNext-style ".js" suffixes; map them back to the .ts files.
  moduleNameMapper: {
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  // One Postgres per run for the *.pg.test.ts files (or the server LANGGRAPH_HITL_TEST_PG_URL names).
  globalSetup: "<rootDir>/tests/support/postgres/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/support/postgres/global-teardown.mjs",
  testTimeout: 30000,
};
