import { z } from "zod";
import { HITLError } from "../errors/hitl-error.js";
import { issueDetails } from "../errors/issue-details.js";
import { DEFAULT_RETRY, type RetryPolicy } from "./backoff.js";
import type { ApprovalLinkBuilder } from "./build-event.js";
import type { ApprovalEvent } from "./events.js";

/** What a send is told besides the event. */
export interface ApprovalEventContext {
  /** Which delivery attempt this is: 1, then 2, … (a retry, or a redelivery after a crash). */
  attempt: number;
  /** Fires when the notifier stops waiting (`sendTimeoutMs`, or `stop()`); pass it to `fetch`. */
  signal: AbortSignal;
}

/**
 * Delivers one event (a webhook, a chat message, a mail). Resolve when it is delivered; throw
 * to have it retried. Delivery is at least once: a retry or a redelivery sends the same `event.id`.
 */
export type ApprovalEventHandler = (event: ApprovalEvent, context: ApprovalEventContext) => void | Promise<void>;

/** What a notifier needs besides the checkpointer (the HTTP handler's `notifications` option). */
export interface ApprovalNotificationSettings {
  /** Delivers each event (see {@link createWebhookSender} for signed webhooks). */
  send: ApprovalEventHandler;
  /** The channel's name: each channel gets every event once, with its own retries and dead letters. Default: `"default"`. */
  channel?: string;
  /** Builds the link each event carries (e.g. the approval in your reviewer inbox). Default: none. */
  link?: ApprovalLinkBuilder;
  /** Lead times (ms before the deadline) at which a still-pending approval is reminded (`ApprovalReminder`), e.g. `[600_000]`. Default: none. */
  reminders?: number[];
  /** How often the outbox is looked at besides wake-ups (retries come due by time). Default: 2 000 ms. */
  pollMs?: number;
  /** Most events leased per round. Default: 20. */
  batchSize?: number;
  /** How long a leased event is this dispatcher's: a dispatcher that dies holding it loses it after this. Default: 60 000 ms. */
  leaseMs?: number;
  /** How long one send may take before it counts as failed. Default: 10 000 ms; less than `leaseMs`. */
  sendTimeoutMs?: number;
  /** Retries of failed sends: `maxAttempts` (default 8), `initialDelayMs` (default 1 000), `maxDelayMs` (default 600 000). */
  retry?: Partial<RetryPolicy>;
  /** How long delivered events of resolved approvals are kept before pruning. Default: 86 400 000 ms (a day). */
  retainDeliveredMs?: number;
  /** Stops the notifier, as `stop()` does. */
  signal?: AbortSignal;
}

/** Options of {@link startApprovalNotifier}. */
export interface ApprovalNotifierOptions extends ApprovalNotificationSettings {
  /** The graph's checkpointer: `createPostgresCheckpointer()` (durable outbox) or `createMemoryCheckpointer()` (in this process). */
  checkpointer: object;
}

/** Settings after validation. */
export interface ResolvedNotifierOptions {
  send: ApprovalEventHandler;
  channel: string;
  link: ApprovalLinkBuilder | undefined;
  reminders: number[];
  pollMs: number;
  batchSize: number;
  leaseMs: number;
  sendTimeoutMs: number;
  retry: RetryPolicy;
  retainDeliveredMs: number;
  signal: AbortSignal | undefined;
}

const ms = (min: number, max: number) => z.number().int().min(min).max(max);
const DAY = 86_400_000;

const schema = z
  .strictObject({
    checkpointer: z.custom<object>((value) => typeof value === "object" && value !== null, { message: "expected the graph's checkpointer" }).optional(),
    send: z.custom<ApprovalEventHandler>((value) => typeof value === "function", { message: "expected a function (event, { attempt, signal }) => Promise<void>" }),
    channel: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, "expected 1 to 100 letters, digits, '.', '_' or '-'").optional(),
    link: z.custom<ApprovalLinkBuilder>((value) => typeof value === "function", { message: "expected a function ({ threadId, interruptId, approvalId }) => string" }).optional(),
    reminders: z.array(ms(1_000, 30 * DAY)).max(10).optional(),
    pollMs: ms(50, 3_600_000).optional(),
    batchSize: z.number().int().min(1).max(500).optional(),
    leaseMs: ms(1_000, 3_600_000).optional(),
    sendTimeoutMs: ms(100, 600_000).optional(),
    retry: z.strictObject({ maxAttempts: z.number().int().min(1).max(100).optional(), initialDelayMs: ms(1, DAY).optional(), maxDelayMs: ms(1, 7 * DAY).optional() }).optional(),
    retainDeliveredMs: ms(60_000, 365 * DAY).optional(),
    signal: z.custom<AbortSignal>((value) => value instanceof AbortSignal, { message: "expected an AbortSignal" }).optional(),
  })
  .refine((options) => (options.sendTimeoutMs ?? 10_000) < (options.leaseMs ?? 60_000), { message: "must be less than `leaseMs`, or a lease lapses while its send still runs", path: ["sendTimeoutMs"] });

function refuse(issues: ReadonlyArray<{ readonly path?: ReadonlyArray<PropertyKey>; readonly message: string }>): never {
  const details = issueDetails(issues, { message: "plain" }).map((detail) => ({ ...detail, path: (detail.path ?? []).map(String) }));
  throw new HITLError("INVALID_OPTIONS", `Invalid approval notifier options: \`${details[0]?.path.join(".")}\`: ${details[0]?.message}`, { details });
}

/** The fields that were given (zod keeps an absent optional field as `undefined`). */
function defined<T extends object>(value: T | undefined): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, entry]) => entry !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/**
 * Checks notifier options at start.
 *
 * @throws {HITLError} `INVALID_OPTIONS` naming the field.
 * @example
 * ```ts
 * resolveNotifierOptions({ send: async () => undefined, reminders: [600_000] }).channel; // "default"
 * ```
 */
export function resolveNotifierOptions(options: ApprovalNotificationSettings): ResolvedNotifierOptions {
  const parsed = schema.safeParse(options);
  if (!parsed.success) refuse(parsed.error.issues);
  const { data } = parsed;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...defined(data.retry) };
  if (retry.maxDelayMs < retry.initialDelayMs) {
    refuse([{ path: ["retry", "maxDelayMs"], message: "must be at least `retry.initialDelayMs`" }]);
  }
  return {
    send: options.send,
    channel: data.channel ?? "default",
    link: options.link,
    reminders: [...new Set(data.reminders ?? [])].sort((a, b) => b - a),
    pollMs: data.pollMs ?? 2_000,
    batchSize: data.batchSize ?? 20,
    leaseMs: data.leaseMs ?? 60_000,
    sendTimeoutMs: data.sendTimeoutMs ?? 10_000,
    retry,
    retainDeliveredMs: data.retainDeliveredMs ?? DAY,
    signal: data.signal,
  };
}
