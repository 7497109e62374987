import { defineConfig } from "vitest/config";

// Runs only LangGraph's checkpointer conformance suite; jest runs everything else.
export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["tests/postgres/conformance/*.conformance.ts"],
    // The suite calls describe/it/expect as globals, the way Jest provides them.
    globals: true,
    testTimeout: 30_000,
  },
});
