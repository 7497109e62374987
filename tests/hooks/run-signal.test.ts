import { getEventListeners } from "node:events";
import { followRunSignal } from "../../src/hooks/run-signal.js";

const listenersOn = (signal: AbortSignal): number => getEventListeners(signal, "abort").length;

describe("followRunSignal: one node run's cancellation", () => {
  test("a run nothing follows adds no listener to the host's signal and makes no signal of its own", () => {
    const host = new AbortController();
    const run = followRunSignal(host.signal);
    expect(run.aborted).toBe(false);
    expect(listenersOn(host.signal)).toBe(0);
    run.release();
    expect(listenersOn(host.signal)).toBe(0);
  });

  test("any number of subscribers follow the host's signal through one listener, each called once on cancel", () => {
    const host = new AbortController();
    const run = followRunSignal(host.signal);
    const heard: string[] = [];
    run.subscribe(() => heard.push("a"));
    run.subscribe(() => heard.push("b"));
    const unsubscribe = run.subscribe(() => heard.push("c"));
    unsubscribe();
    expect(listenersOn(host.signal)).toBe(1);
    host.abort(new Error("stop"));
    host.abort(new Error("again"));
    expect(heard).toEqual(["a", "b"]);
    expect(run.aborted).toBe(true);
  });

  test("the run's own signal aborts with the host's reason, and shares the single listener with subscribers", () => {
    const host = new AbortController();
    const run = followRunSignal(host.signal);
    run.subscribe(() => undefined);
    const own = run.toolSignal!;
    expect(own).toBe(run.toolSignal);
    expect(own).not.toBe(host.signal);
    expect(listenersOn(host.signal)).toBe(1);
    const reason = new Error("shutting down");
    host.abort(reason);
    expect(own.aborted).toBe(true);
    expect(own.reason).toBe(reason);
  });

  test("read after the host was cancelled, the run's own signal is already aborted and nothing is added to the host's", () => {
    const host = new AbortController();
    const run = followRunSignal(host.signal);
    host.abort("gone");
    expect(run.toolSignal?.aborted).toBe(true);
    expect(run.toolSignal?.reason).toBe("gone");
    run.subscribe(() => undefined);
    expect(listenersOn(host.signal)).toBe(0);
  });

  test("release removes the listener, and nothing subscribed after it reaches the host's signal", () => {
    const host = new AbortController();
    const run = followRunSignal(host.signal);
    void run.toolSignal;
    expect(listenersOn(host.signal)).toBe(1);
    run.release();
    expect(listenersOn(host.signal)).toBe(0);
    const late = jest.fn();
    run.subscribe(late);
    host.abort();
    expect(listenersOn(host.signal)).toBe(0);
    expect(late).not.toHaveBeenCalled();
  });

  test("without a host signal the run is never cancelled and has no signal of its own", () => {
    const run = followRunSignal(undefined);
    expect(run.aborted).toBe(false);
    expect(run.toolSignal).toBeUndefined();
    expect(() => run.subscribe(() => undefined)()).not.toThrow();
  });
});
