import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "./readme-blocks.js";

/** An entry point of the package: `langgraph-hitl` or `langgraph-hitl/<subpath>`. */
export type EntryPoint = string;

/**
 * The package's entry points (the `exports` map of package.json, `./package.json` aside) and the
 * barrel each one is built from: `.` → `src/index.ts`, `./x` → `src/x/index.ts`.
 */
export const ENTRY_POINTS: Readonly<Record<EntryPoint, string>> = Object.fromEntries(
  Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> }).exports)
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => (subpath === "." ? ["langgraph-hitl", "src/index.ts"] : [`langgraph-hitl/${subpath.slice(2)}`, `src/${subpath.slice(2)}/index.ts`])),
);

/** One exported name of an entry point. */
export interface ExportedName {
  name: string;
  entry: EntryPoint;
  /** A value (function, class, constant) rather than a type only. */
  value: boolean;
  /** Marked `@deprecated` where it is declared. */
  deprecated: boolean;
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (config === undefined) throw new Error("tsconfig.json could not be read");
  return config.options;
}

function isDeprecated(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const own = symbol.getJsDocTags(checker).some((tag) => tag.name === "deprecated");
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return own || target.getJsDocTags(checker).some((tag) => tag.name === "deprecated");
}

/**
 * Every name each entry point exports, read by the compiler from the barrels (so `export type`
 * and re-exports count as written), with whether it is a value and whether it is deprecated.
 *
 * @example
 * ```ts
 * exportedNames().find((entry) => entry.name === "resume")?.value; // true
 * ```
 */
export function exportedNames(): ExportedName[] {
  const files = Object.values(ENTRY_POINTS).map((file) => join(ROOT, file));
  const program = ts.createProgram({ rootNames: files, options: compilerOptions() });
  const checker = program.getTypeChecker();
  return Object.entries(ENTRY_POINTS).flatMap(([entry, file]) => {
    const source = program.getSourceFile(join(ROOT, file));
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`${file} could not be read`);
    return checker.getExportsOfModule(moduleSymbol).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return { name: symbol.name, entry, value: (target.flags & ts.SymbolFlags.Value) !== 0, deprecated: isDeprecated(symbol, checker) };
    });
  });
}

/**
 * The string literals of a union type alias declared in a source file, e.g. the codes of
 * `HITLErrorCode` in src/errors/hitl-error.ts.
 *
 * @example
 * ```ts
 * unionMembers("src/hooks/types.ts", "DenialSource"); // ["reviewer", "policy", …]
 * ```
 */
export function unionMembers(file: string, typeName: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(join(ROOT, file)) ?? "", ts.ScriptTarget.ES2022, true);
  const alias = source.statements.find((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === typeName);
  if (alias === undefined) throw new Error(`${file} declares no type ${typeName}`);
  const members = ts.isUnionTypeNode(alias.type) ? alias.type.types : [alias.type];
  return members.flatMap((member) => (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? [member.literal.text] : []));
}

/**
 * The property names of an interface declared in a source file (its own members, not inherited).
 *
 * @example
 * ```ts
 * interfaceMembers("src/inbox/types.ts", "ListPendingInterruptsOptions"); // ["limit", "cursor", …]
 * ```
 */
export function interfaceMembers(file: string, interfaceName: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(join(ROOT, file)) ?? "", ts.ScriptTarget.ES2022, true);
  const declaration = source.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === interfaceName);
  if (declaration === undefined) throw new Error(`${file} declares no interface ${interfaceName}`);
  return declaration.members.flatMap((member) => (member.name !== undefined && ts.isIdentifier(member.name) ? [member.name.text] : []));
}
