import type { GoalResult } from "./judge-goals.js";
import type { Verdict } from "./verdict.js";

const COLOUR: Record<Verdict, string> = { met: "#2e7d32", missed: "#c62828", "out of reach": "#b7791f", inconclusive: "#6b7a99" };

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The ratio goals as a chart: for each, the measured ratio (dot) with its 95 % interval
 * (whisker), the target (black tick) and the floor's ratio against the same baseline (hollow
 * ring), coloured by verdict. Each row's label says what it is measured against.
 *
 * @example
 * ```ts
 * await writeFile("latest.svg", goalsChart(results, "langgraph-hitl: the goals of issue 26"));
 * ```
 */
export function goalsChart(results: readonly GoalResult[], title: string): string {
  const rows = results.filter((result) => result.goal.kind === "ratio");
  const width = 1400;
  const labelWidth = 740;
  const valueWidth = 60;
  const plotLeft = labelWidth + valueWidth;
  const plotWidth = width - plotLeft - 24;
  const rowHeight = 22;
  const top = 70;
  const height = top + rows.length * rowHeight + 36;
  // A log scale: 0.5× and 2× sit as far from 1× on either side.
  const [lowest, highest] = [0.25, 4];
  const x = (value: number) => plotLeft + ((Math.log2(Math.min(Math.max(value, lowest), highest)) - Math.log2(lowest)) / (Math.log2(highest) - Math.log2(lowest))) * plotWidth;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600" fill="#1a1a1a">${escape(title)}</text>`,
    `<text x="12" y="40" fill="#444">ratio = median over paired rounds of ours ÷ the baseline the row names (log scale); whisker: 95 % bootstrap interval; black tick: target; ring: the floor against the same baseline</text>`,
    `<text x="12" y="56" fill="#444">green met · red missed · amber out of reach · grey inconclusive (the interval contains the target, or too few rounds)</text>`,
  ];
  for (const tick of [0.25, 0.5, 1, 2, 4]) {
    parts.push(`<line x1="${x(tick)}" y1="${top - 4}" x2="${x(tick)}" y2="${height - 28}" stroke="${tick === 1 ? "#888" : "#ddd"}" stroke-dasharray="3 3"/>`);
    parts.push(`<text x="${x(tick)}" y="${height - 12}" fill="#666" text-anchor="middle">${tick}×</text>`);
  }
  rows.forEach((result, index) => {
    const y = top + index * rowHeight;
    const middle = y + rowHeight / 2;
    const colour = COLOUR[result.judgement.verdict];
    const label = result.goal.statement.length > 112 ? `${result.goal.statement.slice(0, 109)}…` : result.goal.statement;
    if (index % 2 === 0) parts.push(`<rect x="0" y="${y}" width="${width}" height="${rowHeight}" fill="#f6f7f9"/>`);
    parts.push(`<text x="12" y="${middle + 4}" fill="#1a1a1a">${escape(label)}</text>`);
    parts.push(`<text x="${plotLeft - 10}" y="${middle + 4}" fill="${colour}" text-anchor="end" font-weight="600">${result.measured.estimate.toFixed(2)}×</text>`);
    parts.push(`<line x1="${x(result.measured.low)}" y1="${middle}" x2="${x(result.measured.high)}" y2="${middle}" stroke="${colour}" stroke-width="3"/>`);
    parts.push(`<circle cx="${x(result.measured.estimate)}" cy="${middle}" r="4.5" fill="${colour}"/>`);
    if (result.floor !== undefined) parts.push(`<circle cx="${x(result.floor.estimate)}" cy="${middle}" r="4" fill="none" stroke="#111" stroke-width="1.3"/>`);
    parts.push(`<line x1="${x(result.goal.target.value)}" y1="${y + 2}" x2="${x(result.goal.target.value)}" y2="${y + rowHeight - 2}" stroke="#111" stroke-width="2"/>`);
  });
  parts.push("</svg>");
  return parts.join("\n");
}
