import type { Backend, PostgresBackend } from "../support/backends.js";
import type { BackendName, Measurements } from "../support/measurements.js";
import { createAgentApprovals } from "./create-agent.js";
import { grantedCalls } from "./grants.js";
import { callsLabel } from "./labels.js";
import { pauseResume } from "./pause-resume.js";
import { resumeCost } from "./resume-cost.js";
import { screening } from "./screening.js";
import type { BenchSettings } from "./settings.js";
import { throughput } from "./throughput.js";

/** A timed comparison the bench runs in processes of its own (`bench/support/forks.ts`). */
export type ForkedStep =
  | { kind: "screening" | "granted calls" | "resume() and the claim"; backend: BackendName }
  | { kind: "throughput"; backend: "postgres" }
  | { kind: "pause + resume" | "createAgent"; backend: BackendName; calls: number };

/** The figure number the report gives each kind of step. */
const FIGURE: Record<ForkedStep["kind"], string> = {
  screening: "1",
  "granted calls": "10",
  "pause + resume": "2",
  "resume() and the claim": "3",
  createAgent: "9",
  throughput: "4",
};

/**
 * How the bench's progress line names a step, e.g. "2. pause + resume, 10 calls (postgres)".
 *
 * @example
 * ```ts
 * stepName({ kind: "createAgent", backend: "memory", calls: 50 }); // "9. createAgent, 50 calls (memory)"
 * ```
 */
export function stepName(step: ForkedStep): string {
  const calls = "calls" in step ? `, ${callsLabel(step.calls)}` : "";
  return `${FIGURE[step.kind]}. ${step.kind}${calls} (${step.backend})`;
}

/**
 * Measures one step on `backend` with `settings`, in this process (a fork of the bench calls it).
 *
 * @throws {RangeError} for a throughput step on a backend other than Postgres
 * @example
 * ```ts
 * const measured = await measureStep({ kind: "pause + resume", backend: "memory", calls: 10 }, memoryBackend(), settings);
 * ```
 */
export async function measureStep(step: ForkedStep, backend: Backend, settings: BenchSettings): Promise<Partial<Measurements>> {
  switch (step.kind) {
    case "screening":
      return { comparisons: await screening(backend, settings) };
    case "granted calls":
      return { comparisons: await grantedCalls(backend, settings) };
    case "pause + resume":
      return { comparisons: [await pauseResume(backend, settings, step.calls)] };
    case "resume() and the claim":
      return resumeCost(backend, settings);
    case "createAgent":
      return { comparisons: [await createAgentApprovals(backend, settings, step.calls)] };
    case "throughput":
      if (backend.name !== "postgres") throw new RangeError(`throughput is measured on Postgres: received ${backend.name}`);
      return { comparisons: await throughput(backend as PostgresBackend, settings) };
  }
}
