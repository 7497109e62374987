import { describeTarget, unreachable, type Figure } from "./figures.js";

function number(value: number | undefined, unit: Figure["unit"]): string {
  if (value === undefined || Number.isNaN(value)) return "—";
  if (unit !== "ms" && unit !== "threads/s") return Math.round(value).toLocaleString("en");
  if (unit === "threads/s") return value.toFixed(1);
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

function verdict(f: Figure): string {
  if (f.met === undefined) return "";
  if (f.met) return "✅ met";
  return unreachable(f) ? `⛔ out of reach (bound ${f.bound!.ratio.toFixed(2)}×)` : "❌ missed";
}

/** The results table, as Markdown. */
export function markdownTable(figures: readonly Figure[]): string {
  const lines = [
    "| workload | case | backend | ours (median / p95) | baseline | baseline (median / p95) | ratio | target | |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const f of figures) {
    const ours = `${number(f.ours.median, f.unit)} / ${number(f.ours.p95, f.unit)} ${f.unit}`;
    const baseline = f.baseline === undefined ? "—" : `${number(f.baseline.median, f.unit)} / ${number(f.baseline.p95, f.unit)} ${f.unit}`;
    const ratio = f.ratio === undefined ? "—" : `${f.ratio.toFixed(2)}×`;
    lines.push(`| ${f.workload} | ${f.case} | ${f.backend} | ${ours} | ${f.baselineName ?? "—"} | ${baseline} | ${ratio} | ${describeTarget(f.target)} | ${verdict(f)} |`);
  }
  return lines.join("\n");
}

/** A horizontal bar chart of every ratio against its target (1.0 = as fast as the baseline). */
export function ratioChart(figures: readonly Figure[], title: string): string {
  // Transactions and statements explain the commits; the chart keeps to times, commits and bytes.
  const rows = figures.filter((f) => f.ratio !== undefined && f.unit !== "transactions" && f.unit !== "statements");
  const width = 1100;
  const labelWidth = 620;
  const barArea = width - labelWidth - 70;
  const rowHeight = 22;
  const height = 60 + rows.length * rowHeight + 30;
  const max = Math.max(2, ...rows.map((f) => f.ratio ?? 0), ...rows.map((f) => f.target?.value ?? 0)) * 1.05;
  const x = (value: number) => labelWidth + (value / max) * barArea;
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600" fill="#1a1a1a">${escape(title)}</text>`,
    `<text x="12" y="40" fill="#444">ratio = ours ÷ baseline (medians, side by side); ▏ target; ● bound; green met, amber out of reach, red missed</text>`,
    `<line x1="${x(1)}" y1="48" x2="${x(1)}" y2="${height - 24}" stroke="#999" stroke-dasharray="3 3"/>`,
    `<text x="${x(1) - 8}" y="${height - 10}" fill="#666">1.0×</text>`,
  ];
  rows.forEach((f, index) => {
    const y = 56 + index * rowHeight;
    const ratio = f.ratio ?? 0;
    const colour = f.met === undefined ? "#6b7a99" : f.met ? "#2e7d32" : unreachable(f) ? "#b7791f" : "#c62828";
    // Figure numbers and parentheticals are in the table; the chart keeps what tells rows apart.
    const workload = f.workload.replace(/^\d+[a-z]?\.\s*/, "").replace(/\s*\([^)]+\)/g, "");
    const label = `${workload} · ${f.case} · ${f.backend} vs ${f.baselineName ?? ""}`;
    parts.push(`<text x="12" y="${y + 14}" fill="#1a1a1a">${escape(label.length > 92 ? `${label.slice(0, 89)}…` : label)}</text>`);
    parts.push(`<rect x="${labelWidth}" y="${y + 3}" width="${Math.max(1, x(ratio) - labelWidth)}" height="${rowHeight - 8}" fill="${colour}" rx="2"/>`);
    parts.push(`<text x="${x(ratio) + 6}" y="${y + 14}" fill="#1a1a1a">${ratio.toFixed(2)}×</text>`);
    if (f.bound !== undefined) parts.push(`<circle cx="${x(f.bound.ratio)}" cy="${y + rowHeight / 2}" r="3.5" fill="#111"/>`);
    if (f.target !== undefined) parts.push(`<line x1="${x(f.target.value)}" y1="${y + 1}" x2="${x(f.target.value)}" y2="${y + rowHeight - 3}" stroke="#111" stroke-width="2"/>`);
  });
  parts.push("</svg>");
  return parts.join("\n");
}
