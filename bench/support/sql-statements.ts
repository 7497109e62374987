/**
 * Splits SQL text into its statements at top-level semicolons — not inside quotes, quoted
 * identifiers, dollar-quoted bodies or comments — so a multi-statement string sent in one round
 * trip still counts as the statements it is.
 *
 * @returns the statements, trimmed, empty ones dropped
 * @example
 * ```ts
 * splitStatements("BEGIN; INSERT INTO t VALUES ('a;b'); COMMIT"); // ["BEGIN", "INSERT INTO t VALUES ('a;b')", "COMMIT"]
 * ```
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === "'" || char === '"') {
      index = closingQuote(text, index, char);
    } else if (char === "-" && next === "-") {
      const end = text.indexOf("\n", index);
      index = end === -1 ? text.length : end;
    } else if (char === "/" && next === "*") {
      const end = text.indexOf("*/", index + 2);
      index = end === -1 ? text.length : end + 1;
    } else if (char === "$") {
      index = closingDollarQuote(text, index);
    } else if (char === ";") {
      statements.push(text.slice(start, index));
      start = index + 1;
    }
    index += 1;
  }
  statements.push(text.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement !== "");
}

/** Index of the quote that closes the one at `open` (a doubled quote is an escaped one). */
function closingQuote(text: string, open: number, quote: string): number {
  let index = open + 1;
  while (index < text.length) {
    if (text[index] === quote) {
      if (text[index + 1] !== quote) return index;
      index += 1;
    }
    index += 1;
  }
  return text.length;
}

/** For `$tag$ … $tag$`, the index of the closing tag's last `$`; for any other `$` (a `$1` parameter), `open`. */
function closingDollarQuote(text: string, open: number): number {
  const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(open));
  if (tag === null) return open;
  const end = text.indexOf(tag[0], open + tag[0].length);
  return end === -1 ? text.length : end + tag[0].length - 1;
}

/**
 * The first keyword of a statement, upper-cased ("INSERT", "BEGIN", "WITH").
 *
 * @example
 * ```ts
 * keywordOf("  select 1"); // "SELECT"
 * ```
 */
export function keywordOf(statement: string): string {
  return statement.trimStart().split(/[\s(;]+/, 1)[0]?.toUpperCase() ?? "";
}

/**
 * Whether a statement changes data: INSERT, UPDATE, DELETE, MERGE, or a WITH whose body does.
 *
 * @example
 * ```ts
 * writesData("WITH c AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM c"); // true
 * ```
 */
export function writesData(statement: string): boolean {
  const word = keywordOf(statement);
  if (word === "INSERT" || word === "UPDATE" || word === "DELETE" || word === "MERGE") return true;
  return word === "WITH" && /\b(INSERT|UPDATE|DELETE|MERGE)\b/i.test(statement);
}
