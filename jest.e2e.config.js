// Browser tests: the reviewer page in headless Chromium (Debian's package, see tests/e2e/support/browser.ts)
// against the real handler served on loopback. Run with `npm run test:e2e`.
const base = require("./jest.config.js");

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests/e2e"],
  testMatch: ["**/*.e2e.ts"],
  transform: base.transform,
  moduleNameMapper: base.moduleNameMapper,
  // Stops at once, with advice, when there is no Chromium to drive (CHROMIUM_PATH).
  globalSetup: "<rootDir>/tests/e2e/support/chromium.ts",
  // One browser at a time: two cores, and each file starts its own Chromium.
  maxWorkers: 1,
  testTimeout: 60000,
};
