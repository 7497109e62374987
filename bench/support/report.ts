import type { Interval } from "./bootstrap.js";
import type { GoalResult } from "./judge-goals.js";
import { ratioOf, type Comparison, type CountTable, type Measurements, type ValueFigure } from "./measurements.js";
import { summarise } from "./stats.js";
import { describeTarget, type Verdict } from "./verdict.js";

const MARK: Record<Verdict, string> = { met: "✅ met", missed: "❌ missed", "out of reach": "⛔ out of reach", inconclusive: "❔ inconclusive" };

/** A number for the report, with as many digits as its size deserves. */
function formatNumber(value: number, unit: string): string {
  if (Number.isNaN(value)) return "—";
  if (unit === "×") return value.toFixed(2);
  if (unit === "ms") return value < 10 ? value.toFixed(2) : value.toFixed(1);
  if (unit === "threads/s") return value.toFixed(1);
  return Math.round(value).toLocaleString("en");
}

/** "**1.12×** [1.09, 1.15]", "**1.52 ms** [1.40, 1.61]", "**44 statements**". */
function shown(interval: Interval, unit: string, bold = true): string {
  // "1 commit", not "1 commits".
  const named = (value: number) => (value === 1 && unit.endsWith("s") && unit !== "ms" ? unit.slice(0, -1) : unit);
  const put = (value: number) => (unit === "×" ? `${formatNumber(value, unit)}×` : `${formatNumber(value, unit)} ${named(value)}`);
  const point = bold ? `**${put(interval.estimate)}**` : put(interval.estimate);
  return interval.low === interval.high ? point : `${point} [${formatNumber(interval.low, unit)}, ${formatNumber(interval.high, unit)}]`;
}

/**
 * One goal as a line: verdict, statement, the value with its 95 % interval, target, what the
 * verdict rests on, and the floor's interval when the goal has one.
 *
 * @example
 * ```ts
 * goalLine(result); // "- ✅ met — Postgres, hand-built graph, 10 calls: … **1.12×** [1.09, 1.15] (target ≤ 1.2×; 120 paired rounds; …)"
 * ```
 */
export function goalLine(result: GoalResult): string {
  const target = describeTarget(result.goal.target, result.unit === "×" ? "×" : ` ${result.unit}`);
  const processes = result.measured.processes === undefined ? "" : ` in ${result.measured.processes} processes`;
  const basis = result.measured.level === 1 ? "" : `${result.measured.samples} ${result.goal.kind === "ratio" ? "paired rounds" : "samples"}${processes}; `;
  const floor = result.floor === undefined ? "" : `; the floor: ${shown(result.floor, result.unit, false)}`;
  return `- ${MARK[result.judgement.verdict]} — ${result.goal.statement}: ${shown(result.measured, result.unit)} (target ${target}; ${basis}${result.judgement.why}${floor})`;
}

/**
 * The goals section: one line per goal, grouped by the round that set them.
 *
 * @example
 * ```ts
 * const text = goalsSection(judgeGoals(GOALS, measurements));
 * ```
 */
export function goalsSection(results: readonly GoalResult[]): string {
  const sources = [...new Set(results.map((result) => result.goal.source))];
  const tally = (verdict: Verdict) => results.filter((result) => result.judgement.verdict === verdict).length;
  const lines = ["## Goals", "", `${tally("met")} met, ${tally("missed")} missed, ${tally("out of reach")} out of reach, ${tally("inconclusive")} inconclusive.`];
  for (const source of sources) {
    lines.push("", `### Goals of ${source}`, "", ...results.filter((result) => result.goal.source === source).map(goalLine));
  }
  return lines.join("\n");
}

function comparisonSection(of: Comparison): string {
  // Where a sample's time went: this process's CPU, and the rest waiting (Postgres, timers).
  const withCpu = of.unit === "ms" && Object.values(of.variants).every((variant) => variant.cpu !== undefined && variant.cpu.length > 0);
  const variants = Object.values(of.variants).map((variant) => {
    const stats = summarise(variant.samples);
    const times = `${formatNumber(stats.median, of.unit)} / ${formatNumber(stats.p95, of.unit)}`;
    return withCpu ? `| ${variant.label} | ${times} | ${formatNumber(summarise(variant.cpu!).median, of.unit)} |` : `| ${variant.label} | ${times} |`;
  });
  const ratios = of.rows.map((row) => {
    const ratio = ratioOf(of, row.ours, row.baseline);
    return `| ${shortName(of.variants[row.ours]!.label)} ÷ ${shortName(of.variants[row.baseline]!.label)} | ${row.relation} | ${shown(ratio, "×", false)} |`;
  });
  return [
    `#### ${of.case}, ${of.backend} (${of.variants[of.rows[0]?.ours ?? ""]?.samples.length ?? 0} paired rounds${(of.forkRounds?.length ?? 0) > 1 ? ` in ${of.forkRounds!.length} processes` : ""})`,
    "",
    withCpu ? `| variant | median / p95 (${of.unit}) | CPU of this process, median (${of.unit}) |` : `| variant | median / p95 (${of.unit}) |`,
    withCpu ? "|---|---|---|" : "|---|---|",
    ...variants,
    "",
    "| ratio | the baseline is | median of per-round ratios [95 % interval] |",
    "|---|---|---|",
    ...ratios,
  ].join("\n");
}

/** "ours: ApprovalToolNode + resume() (HITLPostgresSaver)" → "ours"; a label without a colon stays whole. */
function shortName(label: string): string {
  const colon = label.indexOf(":");
  return colon === -1 ? label : label.slice(0, colon);
}

function comparisonTable(figure: string, comparisons: readonly Comparison[]): string {
  return [`### ${figure}`, ...comparisons.map(comparisonSection)].join("\n\n");
}

function countTable(figure: string, tables: readonly CountTable[]): string {
  const rows = tables.flatMap((table) =>
    Object.values(table.variants).map((count) => `| ${table.case} | ${count.label} | ${count.writeCommits} | ${count.transactions} | ${count.statements} | ${count.roundTrips} |`),
  );
  return [`### ${figure}`, "", "| case | variant | write commits | transactions | statements | round trips |", "|---|---|---|---|---|---|", ...rows].join("\n");
}

function valueTable(figure: string, values: readonly ValueFigure[]): string {
  const rows = values.map((value) => {
    const stats = summarise(value.samples);
    const shown = value.samples.length > 1 ? `${formatNumber(stats.median, value.unit)} / ${formatNumber(stats.p95, value.unit)}` : formatNumber(stats.median, value.unit);
    const beside = value.beside === undefined ? "— | —" : `${value.beside.label} | ${formatNumber(summarise(value.beside.samples).median, value.unit)}`;
    return `| ${value.case} | ${value.backend} | ${value.label} | ${shown} ${value.unit} | ${beside} | ${value.note ?? ""} |`;
  });
  return [`### ${figure}`, "", "| case | backend | what | median / p95 (or value) | shown beside | its median | note |", "|---|---|---|---|---|---|---|", ...rows].join("\n");
}

function byFigure<T extends { figure: string }>(items: readonly T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.figure, [...(groups.get(item.figure) ?? []), item]);
  return [...groups.entries()];
}

/**
 * Every figure's table, in figure order: paired comparisons (each row names its baseline and
 * what kind of baseline it is, with the ratio's interval), counts, and plain values.
 *
 * @example
 * ```ts
 * const text = figureTables(measurements);
 * ```
 */
export function figureTables(measurements: Measurements): string {
  const sections: Array<[string, string]> = [
    ...byFigure(measurements.comparisons).map(([figure, items]): [string, string] => [figure, comparisonTable(figure, items)]),
    ...byFigure(measurements.counts).map(([figure, items]): [string, string] => [figure, countTable(figure, items)]),
    ...byFigure(measurements.values).map(([figure, items]): [string, string] => [figure, valueTable(figure, items)]),
  ];
  const number = (figure: string) => Number.parseFloat(figure) + (/^\d+[a-z]/.test(figure) ? 0.5 : 0);
  sections.sort(([a], [b]) => number(a) - number(b));
  return ["## Figures", ...sections.map(([, text]) => text)].join("\n\n");
}
