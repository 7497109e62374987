/** A heading of the README, with the text up to the next heading of the same or a higher level. */
export interface Section {
  level: number;
  title: string;
  /** The heading's anchor, as GitHub makes it (`#exactly-once-across-replicas`). */
  slug: string;
  /** Everything under it, sub-sections included. */
  body: string;
  /** README line number of the heading. */
  line: number;
}

/**
 * GitHub's anchor for a heading: lower case, punctuation removed (letters, digits, spaces, `-`
 * and `_` stay), spaces turned into hyphens.
 *
 * @example
 * ```ts
 * slugOf("`resume(graph, config, value, options?)`"); // "resumegraph-config-value-options"
 * ```
 */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");
}

/** The README's sections, outside code fences; duplicate anchors get `-1`, `-2` as on GitHub. */
export function sections(markdown: string): Section[] {
  const lines = markdown.split("\n");
  const found: Array<Omit<Section, "body"> & { index: number }> = [];
  const seen = new Map<string, number>();
  let fenced = false;
  lines.forEach((text, index) => {
    if (/^```/.test(text)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6}) (.*)$/.exec(text);
    if (heading === null) return;
    const title = heading[2] ?? "";
    const base = slugOf(title);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.push({ level: (heading[1] ?? "").length, title, slug: count === 0 ? base : `${base}-${count}`, line: index + 1, index });
  });
  return found.map((section, at) => {
    const end = found.slice(at + 1).find((next) => next.level <= section.level)?.index ?? lines.length;
    return { level: section.level, title: section.title, slug: section.slug, line: section.line, body: lines.slice(section.index + 1, end).join("\n") };
  });
}

/** The section titled `title` (exactly, without the `#`s). */
export function section(markdown: string, title: string): Section {
  const found = sections(markdown).find((candidate) => candidate.title === title);
  if (found === undefined) throw new Error(`README.md has no heading "${title}"`);
  return found;
}

/** One Markdown table: its header cells and rows of cells (escaped pipes `\|` kept as `|`). */
export interface Table {
  header: string[];
  rows: string[][];
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

/** Every table in `text`, in order. */
export function tables(text: string): Table[] {
  const lines = text.split("\n");
  const found: Table[] = [];
  for (let index = 0; index + 1 < lines.length; index += 1) {
    if (!/^\|.*\|\s*$/.test(lines[index] ?? "") || !/^\|[\s|:-]+\|\s*$/.test(lines[index + 1] ?? "")) continue;
    const header = cells(lines[index] ?? "");
    const rows: string[][] = [];
    let row = index + 2;
    while (/^\|.*\|\s*$/.test(lines[row] ?? "")) rows.push(cells(lines[row++] ?? ""));
    found.push({ header, rows });
    index = row - 1;
  }
  return found;
}

/** The inline code spans of a Markdown text (`` `x` `` → `x`), code fences left out. */
export function codeSpans(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
}

/** The first code span of a table cell, e.g. `options.schema` of "`options.schema`". */
export function firstSpan(cell: string): string {
  return /`([^`]+)`/.exec(cell)?.[1] ?? cell;
}
