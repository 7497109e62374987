import { isPlainObject } from "../payload/json-type.js";
import { ownValue } from "../payload/own-value.js";
import { localRefResolver } from "./local-schema-ref.js";
import { isSchemaObject } from "./schema-object.js";
import { schemasAppliedTogether } from "./schemas-applied-together.js";
import { sizeOrUrlFailure, typeFailure } from "./schema-value-checks.js";

/**
 * Linear pre-checks of a tool's JSON Schema, made before the full validator runs, for the checks
 * that validator makes at a cost that grows faster than the value. The validator LangChain uses
 * (and this library, to check the same thing LangChain checks) reports an array past `maxItems`
 * or a string past `maxLength` but still goes on to check `uniqueItems` — every pair of items,
 * deeply — and `pattern` on it: a schema that says `maxItems: 10, uniqueItems: true` still costs
 * seconds to minutes on an edit of 40 000 items (measured: 9.7 s for strings), synchronously, for
 * the whole process. Its `url` format backtracks exponentially on a string that does not match
 * (2 s on a 38-character string). An edit is a resume value, which any client of a server can send.
 */

/** One check a value fails, where the full validator would report it, in the validator's words. */
interface PrecheckProblem {
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
}

type Schema = Record<string, unknown>;

/** The keywords whose cost grows faster than the value they check: only schemas that hold one (or the `url` format) are pre-checked. */
const SUPERLINEAR_KEYWORDS = new Set(["uniqueItems", "pattern", "patternProperties"]);

function isSuperlinear(schemaObject: object): boolean {
  return Object.keys(schemaObject).some((key) => SUPERLINEAR_KEYWORDS.has(key)) || (schemaObject as Record<string, unknown>)["format"] === "url";
}

const holdsSuperlinear = new WeakMap<object, boolean>();

/** Whether any object inside `schema` has one of the super-linear keywords (walked once per schema object, then remembered). */
function holdsSuperlinearKeyword(schema: object): boolean {
  const known = holdsSuperlinear.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  let found = false;
  while (stack.length > 0 && !found) {
    const current = stack.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (!Array.isArray(current) && isSuperlinear(current)) found = true;
    for (const child of Object.values(current)) stack.push(child);
  }
  holdsSuperlinear.set(schema, found);
  return found;
}

/** Where a part of the value is, as a link to its parent's place: made into a path only for a problem. */
interface Place {
  readonly parent: Place | undefined;
  readonly key: string | number;
}

function pathOf(place: Place | undefined): Array<string | number> {
  const path: Array<string | number> = [];
  for (let link = place; link !== undefined; link = link.parent) path.push(link.key);
  return path.reverse();
}

/** A subschema, the part of the value it checks, and where that part is. */
interface Step {
  readonly schema: Schema;
  readonly value: unknown;
  readonly place: Place | undefined;
}

/** What one pre-check shares across its walks: the schema's `$ref` resolver and what is left of its budget. */
interface WalkContext {
  readonly root: Schema;
  readonly resolve: (ref: unknown) => Schema | undefined;
  /** Steps left for walks inside `anyOf` / `oneOf` alternatives; past it, an alternative counts as not known to fail. */
  budget: number;
}

/**
 * Steps the walks of alternatives may take in one pre-check: well past what an edit (at most
 * 100 000 values) needs through nested optional fields, while a schema whose alternatives
 * contain each other (`{ anyOf: [s, s] }` inside `s`) stops here instead of branching.
 */
const ALTERNATIVES_BUDGET = 300_000;
/**
 * How deep alternatives may nest (across the value's levels) before the walk stops looking: an
 * optional field of a recursive model nests one per level, and an edit nests at most 64 levels.
 */
const MAX_ALTERNATIVE_DEPTH = 128;
/** The most reasons an `anyOf` / `oneOf` refused here gives after its own message (the validator gives all). */
const MAX_ALTERNATIVE_REASONS = 10;

const NO_PROBLEMS: readonly PrecheckProblem[] = [];

/**
 * Pushes the steps the validator is certain to take into `value`'s parts from `schema` (only
 * keywords that always apply), last first, so they are taken in the value's order.
 */
function pushChildren(stack: Step[], schema: Schema, value: unknown, place: Place | undefined): void {
  const push = (child: unknown, part: unknown, key: string | number): void => {
    if (isSchemaObject(child)) stack.push({ schema: child, value: part, place: { parent: place, key } });
  };
  if (Array.isArray(value)) {
    const prefixItems = ownValue(schema, "prefixItems");
    const items = ownValue(schema, "items");
    const prefixed = Array.isArray(prefixItems) ? Math.min(prefixItems.length, value.length) : 0;
    // The validator reads an array of `items` by the item's own index, after the prefix: so does this.
    if (Array.isArray(items)) for (let index = Math.min(items.length, value.length) - 1; index >= prefixed; index -= 1) push(items[index], value[index], index);
    else if (items !== undefined) for (let index = value.length - 1; index >= prefixed; index -= 1) push(items, value[index], index);
    for (let index = prefixed - 1; index >= 0; index -= 1) push((prefixItems as unknown[])[index], value[index], index);
  } else if (isPlainObject(value)) {
    const properties = ownValue(schema, "properties");
    if (properties !== undefined && !isPlainObject(properties)) return;
    const additional = ownValue(schema, "additionalProperties");
    // additionalProperties applies to every key `properties` does not name — unless patternProperties
    // may claim it too, which is a regular expression's call: then it is left to the validator.
    if (isSchemaObject(additional) && !("patternProperties" in schema)) {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        if (properties === undefined || !Object.hasOwn(properties, key)) push(additional, value[key], key);
      }
    }
    if (properties === undefined) return;
    const named = Object.keys(properties);
    for (let index = named.length - 1; index >= 0; index -= 1) {
      const key = named[index]!;
      if (Object.hasOwn(value, key)) push(properties[key], value[key], key);
    }
  }
}

const ALTERNATIVE_MESSAGES = { anyOf: "Instance does not match any subschemas.", oneOf: "Instance does not match exactly one subschema (0 matches)." } as const;

const isAlternativesMessage = (problem: PrecheckProblem): boolean => problem.message === ALTERNATIVE_MESSAGES.anyOf || problem.message === ALTERNATIVE_MESSAGES.oneOf;

/**
 * At most `MAX_ALTERNATIVE_REASONS` of why alternatives fail, the checks themselves (a bound, a
 * type) before the alternatives they sit in: alternatives nested in alternatives (an optional
 * field of a recursive model, level after level) would otherwise multiply, and say only "does not
 * match" where the reason is one bound deep down.
 */
function mostTelling(reasons: readonly PrecheckProblem[]): PrecheckProblem[] {
  const checks = reasons.filter((reason) => !isAlternativesMessage(reason));
  const nested = reasons.filter(isAlternativesMessage);
  return [...checks, ...nested].slice(0, MAX_ALTERNATIVE_REASONS);
}

/**
 * The `anyOf` / `oneOf` of `schema` that `value` certainly fails — every alternative fails a
 * check of its own — as the validator reports it: its message, then why the alternatives fail.
 * Empty when some alternative is not known to fail (the validator then decides).
 */
function failedAlternatives(schema: Schema, value: unknown, place: Place | undefined, context: WalkContext, depth: number): readonly PrecheckProblem[] {
  if (depth >= MAX_ALTERNATIVE_DEPTH) return NO_PROBLEMS;
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const alternatives = ownValue(schema, keyword);
    if (!Array.isArray(alternatives)) continue;
    const reasons: PrecheckProblem[] = [];
    // A boolean schema (or anything not an object) is left to the validator: not known to fail.
    const everyOneFails = alternatives.every((alternative) => {
      const failed = isSchemaObject(alternative) ? walk(alternative, value, place, context, depth + 1) : NO_PROBLEMS;
      reasons.push(...failed);
      return failed.length > 0;
    });
    if (everyOneFails) return [{ path: pathOf(place), message: ALTERNATIVE_MESSAGES[keyword] }, ...mostTelling(reasons)];
  }
  return NO_PROBLEMS;
}

/**
 * The checks `value` fails where the schemas `parts` all apply: its size bounds and url format;
 * inside an alternative also its type (which decides between alternatives: `null` against an
 * optional field's array); then any `anyOf` / `oneOf` every alternative of which it fails.
 */
function failuresAt(parts: readonly Schema[], value: unknown, place: Place | undefined, context: WalkContext, depth: number): readonly PrecheckProblem[] {
  let failures: PrecheckProblem[] | undefined;
  for (const part of parts) {
    const message = sizeOrUrlFailure(part, value) ?? (depth > 0 ? typeFailure(part, value) : undefined);
    if (message !== undefined) (failures ??= []).push({ path: pathOf(place), message });
  }
  if (failures !== undefined) return failures;
  for (const part of parts) {
    const failed = failedAlternatives(part, value, place, context, depth);
    if (failed.length > 0) return failed;
  }
  return NO_PROBLEMS;
}

/**
 * Walks `value` under `schema` without recursion (alternatives aside): every failure found, or,
 * inside an alternative (`depth` > 0), the first one — all it takes to know the alternative
 * fails — or none once the budget is spent. A part that fails is not walked further: it is
 * refused already, and an oversized array's items may be many.
 */
function walk(schema: Schema, value: unknown, place: Place | undefined, context: WalkContext, depth: number): readonly PrecheckProblem[] {
  let problems: PrecheckProblem[] | undefined;
  const stack: Step[] = [{ schema, value, place }];
  while (stack.length > 0) {
    if (depth > 0 && (context.budget -= 1) < 0) return NO_PROBLEMS;
    const step = stack.pop()!;
    const together = schemasAppliedTogether(step.schema, context.root, context.resolve);
    const failed = failuresAt(together, step.value, step.place, context, depth);
    if (failed.length > 0) {
      if (depth > 0) return failed;
      (problems ??= []).push(...failed);
      continue;
    }
    for (let index = together.length - 1; index >= 0; index -= 1) pushChildren(stack, together[index]!, step.value, step.place);
  }
  return problems ?? NO_PROBLEMS;
}

/**
 * The `maxItems` / `maxLength` bounds `value` passes, and the `url` formats it fails, where
 * `schema` applies them unconditionally — through `properties`, `additionalProperties` (beside
 * no `patternProperties`), `items`, `prefixItems`, `allOf` and local `$ref`s (`"#/$defs/Tags"`)
 * — and the `anyOf` / `oneOf` it certainly fails, every alternative failing such a check or its
 * `type` (so an optional field, `anyOf: [{ type: "array", maxItems: 10, … }, { type: "null" }]`,
 * is bounded too). Never through `not` or `if`,
 * nor into an alternative that may pass. Each one found is an error the full validator reports
 * too, so a value refused here is refused by it; empty when none is found or the schema holds no
 * check that costs more than the value's size (then the full check is linear anyway, and this
 * walk is skipped). Linear in the value's size outside alternatives; inside them, each step
 * counts against a fixed budget, past which an alternative is left to the validator.
 *
 * @param schema - A tool's JSON Schema (anything else: no problems).
 * @param value - The arguments to check.
 * @returns The checks failed, each with the path inside `value` and the validator's message.
 * @example
 * ```ts
 * const schema = { type: "object", properties: { tags: { type: "array", maxItems: 2, uniqueItems: true } } };
 * precheckProblems(schema, { tags: ["a", "b", "c"] });
 * // [{ path: ["tags"], message: "Array has too many items (3 > 2)." }]
 * ```
 */
export function precheckProblems(schema: unknown, value: unknown): PrecheckProblem[] {
  if (!isSchemaObject(schema) || !holdsSuperlinearKeyword(schema)) return [];
  const context: WalkContext = { root: schema, resolve: localRefResolver(schema), budget: ALTERNATIVES_BUDGET };
  return [...walk(schema, value, undefined, context, 0)];
}
