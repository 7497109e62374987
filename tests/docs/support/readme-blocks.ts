import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The repository root (tests/docs/support → ../../..). */
export const ROOT = resolve(__dirname, "../../..");
export const README_PATH = resolve(ROOT, "README.md");

/**
 * What an HTML comment right above a fence tells the docs test (several may be stacked):
 * - `<!-- docs: continues -->`: the block goes on from the previous `ts` block (one program);
 * - `<!-- docs: not run — why -->`: the program is type-checked but not executed (a reason is required).
 */
export type Marker = { kind: "continues" } | { kind: "not run"; reason: string };

/** One fenced code block of the README. */
export interface CodeBlock {
  /** The fence's info string, lower-cased (`ts`, `bash`, `sql`, …). */
  lang: string;
  /** The code between the fences. */
  code: string;
  /** README line number (1-based) of the code's first line. */
  line: number;
  markers: Marker[];
  /** The heading the block sits under (`## Install`, `### Postgres`, …). */
  heading: string;
}

/** A README marker the test could not read: a typo must not silently change what runs. */
export class MarkerError extends Error {
  override readonly name = "MarkerError";
}

const MARKER = /^<!--\s*docs:\s*(.*?)\s*-->$/;

function parseMarker(text: string, line: number): Marker {
  if (text === "continues") return { kind: "continues" };
  const notRun = /^not run\s*[—–:-]\s*(\S.*)$/.exec(text);
  if (notRun?.[1] !== undefined) return { kind: "not run", reason: notRun[1] };
  throw new MarkerError(`README.md:${line}: unknown docs marker "${text}"; use "continues" or "not run — <reason>"`);
}

/** Markers on the lines right above line index `fence` (0-based), nearest last. */
function markersAbove(lines: readonly string[], fence: number): Marker[] {
  const markers: Marker[] = [];
  for (let index = fence - 1; index >= 0; index -= 1) {
    const match = MARKER.exec(lines[index]?.trim() ?? "");
    if (match === null) break;
    markers.unshift(parseMarker(match[1] ?? "", index + 1));
  }
  return markers;
}

/**
 * Every fenced code block of a Markdown text, in order, with the markers above it.
 *
 * @throws {MarkerError} for a `docs:` comment that is neither marker, or a fence left open.
 * @example
 * ```ts
 * codeBlocks("<!-- docs: continues -->\n```ts\nawait run();\n```\n")[0]?.markers; // [{ kind: "continues" }]
 * ```
 */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: CodeBlock[] = [];
  let heading = "";
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index] ?? "";
    if (/^#{1,6} /.test(text)) heading = text;
    const open = /^```(\S*)\s*$/.exec(text);
    if (open === null) continue;
    const end = lines.findIndex((candidate, at) => at > index && candidate.trim() === "```");
    if (end === -1) throw new MarkerError(`README.md:${index + 1}: a code fence is never closed`);
    blocks.push({
      lang: (open[1] ?? "").toLowerCase(),
      code: lines.slice(index + 1, end).join("\n"),
      line: index + 2,
      markers: markersAbove(lines, index),
      heading,
    });
    index = end;
  }
  return blocks;
}

/** A `docs:` comment anywhere that is not right above a fence: it would be ignored silently. */
export function strayMarkers(markdown: string): number[] {
  const lines = markdown.split("\n");
  return lines.flatMap((text, index) => {
    if (!MARKER.test(text.trim())) return [];
    let next = index + 1;
    while (MARKER.test(lines[next]?.trim() ?? "")) next += 1;
    return /^```\S*\s*$/.test(lines[next] ?? "") ? [] : [index + 1];
  });
}

/** The README as it is on disk. */
export function readme(): string {
  return readFileSync(README_PATH, "utf8");
}

/** Whether a block is TypeScript the docs test compiles and runs. */
export function isTypeScript(block: CodeBlock): boolean {
  return block.lang === "ts" || block.lang === "typescript";
}
