/**
 * A wait between rounds of a background loop that can be cut short: `wake()` ends the wait in
 * progress, or — when none is in progress — makes the next `sleep()` return at once (so a wake
 * that arrives while a round runs is not lost). Its timers never keep the process alive.
 *
 * @example
 * ```ts
 * const delay = new WakeableDelay();
 * while (running) {
 *   delay.reset();
 *   await round();
 *   await delay.sleep(1_000); // stop() calls delay.wake()
 * }
 * ```
 */
export class WakeableDelay {
  #woken = false;
  #wake: (() => void) | undefined;

  /** Forgets a wake that came before this round: call it when a round starts. */
  reset(): void {
    this.#woken = false;
  }

  /** Ends the wait in progress, or the next one before it starts. */
  wake(): void {
    this.#woken = true;
    this.#wake?.();
  }

  /** Waits `ms`, or until `wake()`. */
  sleep(ms: number): Promise<void> {
    if (this.#woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      const self = this;
      function done(): void {
        clearTimeout(timer);
        self.#wake = undefined;
        resolve();
      }
      this.#wake = done;
    });
  }
}
