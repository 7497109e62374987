import type { ChildProcess } from "node:child_process";

/** POSIX process groups; on Windows a detached child would get its own console instead. */
export const OWN_PROCESS_GROUP = process.platform !== "win32";

const live = new Set<ChildProcess>();

/**
 * Kills a backend started in its own process group, with every process of the group.
 *
 * @param child - A process spawned with `detached: OWN_PROCESS_GROUP`.
 * @example
 * ```ts
 * killGroup(spawned);
 * ```
 */
export function killGroup(child: ChildProcess): void {
  const pid = child.pid;
  if (OWN_PROCESS_GROUP && pid !== undefined) {
    try {
      process.kill(-pid, "SIGKILL");
      return;
    } catch {
      // The group is already gone (or never formed): fall back to the process itself.
    }
  }
  child.kill("SIGKILL");
}

function killAllOnExit(): void {
  for (const child of live) killGroup(child);
}

/**
 * Keeps `child`'s group from outliving this process when it exits without `close()`: a group
 * of its own no longer shares the terminal's signals, and a backend that ignores the end of its
 * stdin would otherwise run on.
 *
 * @param child - A process spawned in its own group.
 * @returns Forgets the child (call once it has exited).
 * @example
 * ```ts
 * const forget = killOnExit(spawned);
 * spawned.on("close", forget);
 * ```
 */
export function killOnExit(child: ChildProcess): () => void {
  if (live.size === 0) process.on("exit", killAllOnExit);
  live.add(child);
  return () => {
    if (!live.delete(child)) return;
    if (live.size === 0) process.off("exit", killAllOnExit);
  };
}
