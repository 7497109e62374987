import type pg from "pg";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { z } from "zod";
import { DEFAULT_BUSY_WAIT_MS, DEFAULT_LEASE_MS } from "../claims/index.js";
import { HITLError, type HITLErrorDetail } from "../errors/hitl-error.js";

// Postgres truncates longer identifiers silently, so two long names could end up one schema.
const MAX_IDENTIFIER_LENGTH = 63;

/** Default time to open a connection before the database counts as unavailable. */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

function isSerializer(value: unknown): value is SerializerProtocol {
  const candidate = value as Partial<SerializerProtocol> | null;
  return typeof candidate?.dumpsTyped === "function" && typeof candidate.loadsTyped === "function";
}

const milliseconds = (max: number) => z.number().int("must be a whole number of milliseconds").positive().max(max);

const optionsSchema = z.strictObject({
  schema: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a plain identifier: a letter or _, then letters, digits or _")
    .max(MAX_IDENTIFIER_LENGTH)
    .optional(),
  claimLeaseMs: milliseconds(3_600_000).min(100).optional(),
  busyWaitMs: milliseconds(600_000).optional(),
  connectTimeoutMs: milliseconds(600_000).optional(),
  serde: z.custom<SerializerProtocol>(isSerializer, "must be a serializer: an object with dumpsTyped() and loadsTyped()").optional(),
  preparedStatements: z.boolean("must be true or false").optional(),
});

const OPTION_NAMES = Object.keys(optionsSchema.shape);

/** Options of {@link createPostgresCheckpointer} and {@link HITLPostgresSaver}. */
export type PostgresCheckpointerOptions = z.input<typeof optionsSchema>;

/** Options after validation, in the form the saver reads. */
interface ResolvedPostgresOptions {
  schema: string;
  /** How long a claim on a reviewed batch stays live without renewal (see the README's "Exactly once"). */
  leaseMs: number;
  /** How long a resume waits on a batch another replica is running before `THREAD_BUSY`. */
  busyWaitMs: number;
  /** How long opening a connection may take (URL only). */
  connectTimeoutMs: number;
  /** The serializer of every stored value; `undefined`: LangGraph's default (JsonPlusSerializer). */
  serde: SerializerProtocol | undefined;
  /** Whether the statements a run repeats (checkpoint writes, lease, claim, reads) go as named prepared statements (off for a pooler that cannot keep them). */
  preparedStatements: boolean;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

// A misspelt option would otherwise be ignored silently; name each one where it was found.
function detailsOf(issue: z.core.$ZodIssue, input: unknown): HITLErrorDetail[] {
  const path = issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: [...path, key], message: "unknown option", allowed: [...OPTION_NAMES], received: valueAt(input, [...issue.path, key]) }));
  }
  return [{ path, message: issue.message, received: valueAt(input, issue.path) }];
}

function refuse(details: HITLErrorDetail[]): never {
  const first = details[0];
  const where = first?.path?.length ? `\`${first.path.join(".")}\`: ` : "";
  throw new HITLError("INVALID_OPTIONS", `Invalid Postgres checkpointer options: ${where}${first?.message ?? ""}`, { details });
}

/**
 * Validates the saver's options once, at construction.
 *
 * @throws {HITLError} `INVALID_OPTIONS`, one detail (`path`, `message`, `received`) per problem.
 * @example
 * ```ts
 * resolvePostgresOptions({}); // { schema: "public", leaseMs: 30000, busyWaitMs: 5000, connectTimeoutMs: 10000, serde: undefined }
 * ```
 */
export function resolvePostgresOptions(options: unknown): ResolvedPostgresOptions {
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) refuse(parsed.error.issues.flatMap((issue) => detailsOf(issue, options)));
  const { schema = "public", claimLeaseMs = DEFAULT_LEASE_MS, busyWaitMs = DEFAULT_BUSY_WAIT_MS, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS, serde, preparedStatements = true } = parsed.data;
  return { schema, leaseMs: claimLeaseMs, busyWaitMs, connectTimeoutMs, serde, preparedStatements };
}

function isPoolLike(value: unknown): value is pg.Pool {
  const candidate = value as Partial<pg.Pool> | null;
  return typeof candidate?.connect === "function" && typeof candidate.query === "function" && typeof candidate.end === "function";
}

/**
 * Checks a pool (recognised by shape, so a second copy of `pg` still works): it must allow at
 * least two connections — a lock holds one while the work under it needs another.
 *
 * @throws {HITLError} `INVALID_OPTIONS` with the path `["urlOrPool", ...]`.
 * @example
 * ```ts
 * checkPool(new pg.Pool({ max: 1 })); // throws: the pool must allow at least 2 connections
 * ```
 */
export function checkPool(pool: unknown): asserts pool is pg.Pool {
  if (!isPoolLike(pool)) {
    const message = typeof pool === "string" ? "expected a pg.Pool; for a URL use createPostgresCheckpointer()" : "expected a connection URL or a pg.Pool";
    refuse([{ path: ["urlOrPool"], message, received: pool }]);
  }
  const max = pool.options?.max;
  if (typeof max === "number" && max < 2) {
    refuse([{ path: ["urlOrPool", "options", "max"], message: "the pool must allow at least 2 connections", received: max }]);
  }
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** A URL with its password removed, fit for an error message. */
function redactUrl(text: string): string {
  return text.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");
}

/**
 * Checks the connection argument of `createPostgresCheckpointer`: a non-empty URL, or a pool
 * that {@link checkPool} accepts.
 *
 * @throws {HITLError} `INVALID_OPTIONS` with the path `["urlOrPool", ...]`.
 * @example
 * ```ts
 * checkConnectionArgument(""); // throws: the connection URL is empty
 * ```
 */
export function checkConnectionArgument(urlOrPool: unknown): asserts urlOrPool is string | pg.Pool {
  if (typeof urlOrPool !== "string") return checkPool(urlOrPool);
  if (urlOrPool.trim() === "") refuse([{ path: ["urlOrPool"], message: "the connection URL is empty", received: urlOrPool }]);
  if (!POSTGRES_URL.test(urlOrPool) || !URL.canParse(urlOrPool)) {
    refuse([{ path: ["urlOrPool"], message: "expected a postgres:// or postgresql:// connection URL", allowed: ["postgres:", "postgresql:"], received: redactUrl(urlOrPool) }]);
  }
}
