import type { Stats } from "./stats.js";

/** A target a figure is held to: the ratio (ours / baseline), or an absolute value. */
export interface Target {
  kind: "ratio-max" | "ratio-min" | "value-max" | "value-min";
  value: number;
}

/** One line of the results table. */
export interface Figure {
  workload: string;
  case: string;
  backend: "memory" | "postgres";
  unit: "ms" | "threads/s" | "bytes" | "statements" | "commits" | "transactions";
  ours: Stats;
  baselineName?: string;
  baseline?: Stats;
  /** ours.median / baseline.median. */
  ratio?: number;
  target?: Target;
  met?: boolean;
  /**
   * The ratio against the same baseline that a bound measured in the same run reached — the
   * least time (or, for a rate, the most throughput) any implementation keeping the promises can
   * have, e.g. LangGraph's floor plus the commits exactly-once requires. When it is already past
   * the target, no implementation keeping the promises can meet the target here.
   */
  bound?: { name: string; ratio: number };
  note?: string;
}

/** Builds a figure and checks it against its target. */
export function figure(fields: Omit<Figure, "ratio" | "met">): Figure {
  const ratio = fields.baseline === undefined ? undefined : fields.ours.median / fields.baseline.median;
  const value = fields.target === undefined ? undefined : fields.target.kind.startsWith("ratio") ? ratio : fields.ours.median;
  let met: boolean | undefined;
  if (fields.target !== undefined && value !== undefined) {
    met = fields.target.kind.endsWith("max") ? value <= fields.target.value : value >= fields.target.value;
  }
  return { ...fields, ...(ratio === undefined ? {} : { ratio }), ...(met === undefined ? {} : { met }) };
}

/** The ratio of a lower bound to the same baseline a figure uses, to put on that figure. */
export function boundOf(name: string, lowerBound: Stats, baseline: Stats): { name: string; ratio: number } {
  return { name, ratio: lowerBound.median / baseline.median };
}

/** Whether a missed ratio target is out of reach: its lower bound (for a rate, its upper bound), measured alongside, is already past it. */
export function unreachable(f: Figure): boolean {
  if (f.met !== false || f.bound === undefined || f.target === undefined) return false;
  if (f.target.kind === "ratio-max") return f.bound.ratio > f.target.value;
  return f.target.kind === "ratio-min" && f.bound.ratio < f.target.value;
}

/** A single measured number as Stats (for totals such as throughput or bytes). */
export function single(value: number): Stats {
  return { samples: 1, median: value, p95: value, min: value };
}

/** Describes a target for the report. */
export function describeTarget(target: Target | undefined): string {
  if (target === undefined) return "—";
  const symbol = target.kind.endsWith("max") ? "≤" : "≥";
  return target.kind.startsWith("ratio") ? `${symbol} ${target.value}×` : `${symbol} ${target.value}`;
}

/** The `case` label of a batch size: "1 call", "10 calls". */
export function callsLabel(calls: number): string {
  return `${calls} call${calls === 1 ? "" : "s"}`;
}
