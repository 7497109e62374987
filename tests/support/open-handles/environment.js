// Jest test environment (jest.config.js `testEnvironment`): Node's, plus a check that a test file
// leaves nothing running. Whatever a file opens and does not close (a child process, a server, a
// socket, a pending timer) keeps the process alive after the run: with one worker (two cores) jest
// runs the files in its own process and then prints "Jest did not exit one second after the test run
// has completed"; with several, the worker is force-exited. This fails the file that left it instead,
// naming what is still open, after giving anything that is closing time to finish.
const { TestEnvironment } = require("jest-environment-node");
const { describeHandle, describeTimer, trackTimers } = require("./handles.js");

/**
 * How long what a file opened may take to finish closing after its last hook. Jest's own warning
 * comes one second after the run; twice that leaves room for a loaded machine.
 */
const GRACE_MS = 2_000;
const POLL_MS = 25;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

class OpenHandleCheckingEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    this.pendingTimers = trackTimers(this.global);
  }

  async setup() {
    await super.setup();
    this.handlesBefore = new Set(process._getActiveHandles());
  }

  async teardown() {
    await super.teardown();
    const open = await this.settle();
    if (open.length > 0) throw new Error(this.report(open));
  }

  /** Handles opened since setup and timers set by the file, still keeping the process alive. */
  leftOpen() {
    const handles = process._getActiveHandles().filter((handle) => !this.handlesBefore.has(handle));
    return [...handles.map(describeHandle), ...this.pendingTimers().map(describeTimer)];
  }

  /** Waits up to GRACE_MS for what the file opened to close; returns what is still open then. */
  async settle() {
    const deadline = Date.now() + GRACE_MS;
    // One turn of the event loop first: close callbacks of handles closed in the last hook run there.
    await new Promise((resolve) => setImmediate(resolve));
    let open = this.leftOpen();
    while (open.length > 0 && Date.now() < deadline) {
      await sleep(POLL_MS);
      open = this.leftOpen();
    }
    return open;
  }

  report(open) {
    return (
      `${this.testPath} left ${open.length === 1 ? "this" : "these"} open ${GRACE_MS} ms after its last test and hook, ` +
      "which keeps jest from exiting:\n  " +
      open.join("\n  ") +
      "\nClose it in the test: await the child's exit, close() the server, end() the pool, clear or unref() the timer."
    );
  }
}

module.exports = OpenHandleCheckingEnvironment;
