// Also Jest's globalSetup for the browser tests, which Jest loads without its moduleNameMapper:
// this file imports nothing relative.
import { accessSync, constants, statSync } from "node:fs";

/** Debian's chromium package by default; `.ci/run` installs it when missing. Playwright's own browser downloads do not work offline. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why `path` cannot be launched, or `undefined` when it is an executable file. */
function unusable(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return "is not a file";
    accessSync(path, constants.X_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : "is not executable";
  }
}

/**
 * Jest globalSetup of the browser tests: without a Chromium to drive, stop before any test file
 * starts (each would fail in its `beforeAll` and leave its server open, so Jest never exits),
 * and say how to provide one.
 */
export default function requireChromium(): void {
  const problem = unusable(CHROMIUM_PATH);
  if (problem === undefined) return;
  const source = process.env.CHROMIUM_PATH === undefined ? "the default path" : "CHROMIUM_PATH";
  process.stderr.write(
    [
      "",
      `The browser tests need Chromium, and ${CHROMIUM_PATH} (${source}) ${problem}.`,
      "Install one (on Debian or Ubuntu: sudo apt-get install chromium) or point CHROMIUM_PATH at a",
      "Chromium or Chrome binary:",
      "",
      "  CHROMIUM_PATH=/path/to/chromium npm run test:e2e",
      "",
      "",
    ].join("\n"),
  );
  process.exit(1);
}
