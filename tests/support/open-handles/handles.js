// What keeps a Node process alive, in words a test author can act on: live handles (child
// processes, servers, sockets) from process._getActiveHandles(), and the timers a test file set,
// tracked by wrapping the setTimeout/setInterval of its environment. Whatever was unref()'d is left
// out: it never keeps a process alive.
const { promisify } = require("node:util");

/** Frames kept of where a timer was set: enough to reach the test or source line. */
const ORIGIN_FRAMES = 8;

/**
 * Replaces `global.setTimeout` / `global.setInterval` with versions that remember each timer and
 * where it was set. Returns the timers still pending (set, not cleared, not fired) and refed.
 */
function trackTimers(global) {
  const timers = new Set();
  const prune = () => {
    for (const entry of timers) if (entry.timer._destroyed === true) timers.delete(entry);
  };
  const tracked = (create) => {
    const wrapper = function (...args) {
      const timer = create.apply(this, args);
      const origin = {};
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = ORIGIN_FRAMES;
      Error.captureStackTrace(origin, wrapper);
      Error.stackTraceLimit = limit;
      if (timers.size >= 1_000) prune();
      timers.add({ timer, kind: create.name, delay: args[1], origin });
      return timer;
    };
    // util.promisify(setTimeout) must keep working in the tests.
    if (create[promisify.custom] !== undefined) wrapper[promisify.custom] = create[promisify.custom];
    return wrapper;
  };
  global.setTimeout = tracked(global.setTimeout);
  global.setInterval = tracked(global.setInterval);
  return function pendingTimers() {
    prune();
    return [...timers].filter((entry) => entry.timer.hasRef());
  };
}

const quote = (args) => args.map((arg) => (/\s/.test(arg) ? JSON.stringify(arg) : arg)).join(" ");

/** One line naming a handle: what it is and whatever identifies it (pid and command, address, port). */
function describeHandle(handle) {
  const kind = handle?.constructor?.name ?? typeof handle;
  if (kind === "ChildProcess") return `child process ${handle.pid}: ${quote(handle.spawnargs ?? [handle.spawnfile])}`;
  if (kind === "Server") {
    const address = handle.address?.();
    return `server ${address === null || address === undefined ? "(closing)" : typeof address === "string" ? address : `on ${address.address}:${address.port}`}`;
  }
  if (kind === "Socket") {
    if (handle.remotePort !== undefined) return `socket ${handle.localAddress}:${handle.localPort} -> ${handle.remoteAddress}:${handle.remotePort}`;
    return `socket or pipe${handle.destroyed ? " (destroyed, still closing)" : ""}`;
  }
  return kind;
}

/** One line per pending timer: its kind and delay, then where it was set. */
function describeTimer({ kind, delay, origin }) {
  const frames = String(origin.stack ?? "")
    .split("\n")
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => !line.includes("node_modules/jest-") && !line.includes("node:internal"));
  return `${kind}(…, ${delay ?? 0}) still pending, set ${frames.slice(0, 3).join(" ← ") || "(no stack)"}`;
}

module.exports = { describeHandle, describeTimer, trackTimers };
