import { describeTarget, unreachable, type Figure } from "./figures.js";

function measured(f: Figure): string {
  if (f.ratio !== undefined && f.target?.kind.startsWith("ratio")) return `${f.ratio.toFixed(2)}×`;
  const value = f.ours.median;
  return f.unit === "ms" ? `${value.toFixed(2)} ms` : `${Math.round(value)} ${f.unit}`;
}

function verdict(f: Figure): string {
  if (f.met === true) return "✅ met";
  if (unreachable(f)) return "⛔ out of reach";
  return "❌ missed";
}

function boundNote(f: Figure): string {
  if (f.bound === undefined) return "";
  return `; bound measured alongside: ${f.bound.ratio.toFixed(2)}× (${f.bound.name})`;
}

/**
 * Every figure held to a target, one line each: what was measured, the target, met, missed, or
 * out of reach (a lower bound measured in the same run is already past the target) — the
 * summary a reader (and the console) sees first.
 */
export function goalsSummary(figures: readonly Figure[]): string {
  const lines = figures
    .filter((f) => f.target !== undefined)
    .map((f) => {
      const against = f.baselineName === undefined ? "" : ` vs ${f.baselineName}`;
      return `- ${verdict(f)} — ${f.workload}, ${f.case}, ${f.backend}${against}: **${measured(f)}** (target ${describeTarget(f.target)}${boundNote(f)})`;
    });
  return ["### Goals", "", ...lines].join("\n");
}
