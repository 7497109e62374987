import { HITLError } from "../errors/hitl-error.js";

/** The checkpointer's own `busyWaitMs` allows as much (src/postgres/options.ts). */
const MAX_BUSY_WAIT_MS = 600_000;

/**
 * Checks a caller's `busyWaitMs` (how long to wait for a thread another run is continuing): a
 * whole number of milliseconds from 0 (one try) to 600 000, or undefined (the default wait).
 *
 * @param value - What the caller passed.
 * @returns The wait, or undefined.
 * @throws {HITLError} `INVALID_OPTIONS` naming `busyWaitMs`, with what was received.
 * @example
 * ```ts
 * checkBusyWaitMs(0); // 0
 * checkBusyWaitMs("5"); // throws INVALID_OPTIONS
 * ```
 */
export function checkBusyWaitMs(value: unknown): number | undefined {
  if (value === undefined || (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_BUSY_WAIT_MS)) return value;
  const message = `\`busyWaitMs\` must be a whole number of milliseconds from 0 to ${MAX_BUSY_WAIT_MS}`;
  throw new HITLError("INVALID_OPTIONS", message, { details: [{ path: ["busyWaitMs"], message, received: value }] });
}
