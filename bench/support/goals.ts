import { describeTarget, type Figure } from "./figures.js";

function measured(f: Figure): string {
  if (f.ratio !== undefined && f.target?.kind.startsWith("ratio")) return `${f.ratio.toFixed(2)}×`;
  const value = f.ours.median;
  return f.unit === "ms" ? `${value.toFixed(2)} ms` : `${Math.round(value)} ${f.unit}`;
}

/**
 * Every figure held to a target, one line each: what was measured, the target, met or missed —
 * the summary a reader (and the console) sees first.
 */
export function goalsSummary(figures: readonly Figure[]): string {
  const lines = figures
    .filter((f) => f.target !== undefined)
    .map((f) => {
      const against = f.baselineName === undefined ? "" : ` vs ${f.baselineName}`;
      return `- ${f.met === true ? "✅ met" : "❌ missed"} — ${f.workload}, ${f.case}, ${f.backend}${against}: **${measured(f)}** (target ${describeTarget(f.target)})`;
    });
  return ["### Goals", "", ...lines].join("\n");
}
