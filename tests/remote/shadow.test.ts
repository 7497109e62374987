import { isHITLError } from "../../src/errors/hitl-error.js";
import { getInterrupt } from "../../src/host/get-interrupt.js";
import { HookRegistry } from "../../src/hooks/hook-registry.js";
import type { HookErrorContext } from "../../src/hooks/types.js";
import type { ShadowVerdict, ShadowVerdictEvent } from "../../src/hooks/shadow.js";
import { findRemoteHookError, remoteHook, type FailurePolicy, type RemoteHook, type RemoteTransportOptions } from "../../src/remote/index.js";
import { ask, countingTool, newThread, toolMessages } from "../support/fixtures.js";
import { adapters } from "./support/adapters.js";
import { usePolicyBackends } from "./support/policy-backends.js";
import { policyChild } from "./support/stdio-child.js";

const backends = usePolicyBackends();
const transports = backends.transports;

function candidate(transport: RemoteTransportOptions, options: { timeoutMs?: number; failurePolicy?: FailurePolicy } = {}): RemoteHook {
  // Generous by default: the first stdio call also starts the child (node + tsx).
  const hook = remoteHook({ transport, timeoutMs: options.timeoutMs ?? 15_000, name: "candidate", shadow: true, ...(options.failurePolicy === undefined ? {} : { failurePolicy: options.failurePolicy }) });
  backends.track(hook);
  return hook;
}

/** One call to a counting tool named `name`, screened by `registry`, on the adapter `build` makes. */
async function runOne(build: (typeof adapters)[number][1], registry: HookRegistry, name: string) {
  const verdicts: ShadowVerdictEvent[] = [];
  const errors: Array<{ error: unknown; context: HookErrorContext }> = [];
  const counted = countingTool(name);
  const graph = build([counted.tool], {
    hooks: registry,
    onShadowVerdict: (event) => void verdicts.push(event),
    onHookError: (error, context) => void errors.push({ error, context }),
  }, [{ name, args: { path: "notes.txt" }, id: "c1" }]);
  const config = newThread();
  const values = await graph.invoke(ask(), config);
  const message = toolMessages(values)[0];
  return { graph, config, counted, message, shadow: message?.additional_kwargs["hitl_shadow"] as ShadowVerdict[] | undefined, verdicts, errors };
}

describe.each(adapters)("%s with a remote policy in shadow", (_adapter, build) => {
  test.each(transports)("over %s: the backend's deny is recorded under its name and the tool still runs", async (_transport, transport) => {
    const run = await runOne(build, new HookRegistry().use(candidate(transport())), "send_email");
    expect(run.counted.count).toBe(1);
    expect(run.message?.status).toBe("success");
    expect(run.message?.additional_kwargs["hitl"]).toBeUndefined();
    expect(run.shadow).toEqual([{ hook: "candidate", decision: "deny", reason: "email is off today", differs: true, changes: ["decision"] }]);
    expect(run.verdicts.map(({ hook, actual, wouldBe }) => ({ hook, actual, wouldBe }))).toEqual([{ hook: "candidate", actual: "allow", wouldBe: "deny" }]);
  });
});

describe.each(transports)("a remote policy in shadow over %s", (_transport, transport) => {
  const build = adapters[0]![1];

  test("its ask does not pause the run", async () => {
    const run = await runOne(build, new HookRegistry().use(candidate(transport())), "delete_file");
    expect(await getInterrupt(run.graph, run.config)).toBeUndefined();
    expect(run.counted.count).toBe(1);
    expect(run.shadow).toEqual([{ hook: "candidate", decision: "ask", reason: "deleting needs a person", differs: true, changes: ["decision"] }]);
  });

  test("its modify does not change the input the tool runs with", async () => {
    const run = await runOne(build, new HookRegistry().use(candidate(transport())), "write_file");
    expect(run.counted.runs).toEqual([{ path: "notes.txt" }]);
    expect(run.shadow).toEqual([{ hook: "candidate", differs: true, changes: ["input"] }]);
  });

  test("under fail-closed, a backend that never answers is recorded as the deny it would have been; the call runs after the deadline, and the failure is reported as a shadow's", async () => {
    const run = await runOne(build, new HookRegistry().use(candidate(transport(), { timeoutMs: 300 })), "hang");
    expect(run.counted.count).toBe(1);
    expect(run.shadow).toMatchObject([{ hook: "candidate", decision: "deny", failure: "error", differs: true }]);
    expect(run.shadow?.[0]?.reason).toContain('policy backend "candidate" failed: deadline_exceeded');
    expect(run.errors.map(({ context }) => context.shadow)).toEqual([true]);
    expect(findRemoteHookError(run.errors[0]?.error)?.failure).toBe("deadline_exceeded");
  });

  test("under fail-open, a backend that never answers has no opinion, as it would in charge; the failure is reported as a shadow's", async () => {
    const run = await runOne(build, new HookRegistry().use(candidate(transport(), { timeoutMs: 300, failurePolicy: "fail-open" })), "hang");
    expect(run.counted.count).toBe(1);
    expect(run.shadow).toEqual([{ hook: "candidate", differs: false }]);
    expect(run.errors.map(({ context }) => context.shadow)).toEqual([true]);
    expect(findRemoteHookError(run.errors[0]?.error)?.failure).toBe("deadline_exceeded");
  });
});

test("a backend in charge and a candidate in shadow: the one in charge decides, and the candidate's agreement is recorded as no difference", async () => {
  const inCharge = remoteHook({ transport: { type: "http", url: backends.url() }, timeoutMs: 5_000, name: "current" });
  backends.track(inCharge);
  const run = await runOne(adapters[0]![1], new HookRegistry().use(inCharge).use(candidate(policyChild())), "send_email");
  expect(run.counted.count).toBe(0);
  expect(run.message?.additional_kwargs["hitl"]).toMatchObject({ decision: "deny", source: "policy", reason: "email is off today" });
  expect(run.shadow).toEqual([{ hook: "candidate", decision: "deny", reason: "email is off today", differs: false }]);
});

test("remoteHook refuses a shadow that is not a boolean with INVALID_OPTIONS naming it", () => {
  let error: unknown;
  try {
    remoteHook({ transport: { type: "http", url: backends.url() }, timeoutMs: 1_000, shadow: "yes" as never });
  } catch (caught) {
    error = caught;
  }
  expect(isHITLError(error, "INVALID_OPTIONS")).toBe(true);
  expect(isHITLError(error) && error.details[0]).toMatchObject({ path: ["shadow"], received: "yes" });
});
