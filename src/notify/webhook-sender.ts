import { z } from "zod";
import { HITLError } from "../errors/hitl-error.js";
import { issueDetails } from "../errors/issue-details.js";
import type { ApprovalEvent } from "./events.js";
import type { ApprovalEventHandler } from "./notifier-options.js";
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.js";
import { thrownText } from "../errors/thrown-text.js";

/** Options of {@link createWebhookSender}. */
export interface WebhookSenderOptions {
  /** Where events are POSTed (`http:` or `https:`). */
  url: string;
  /**
   * Signs every request (`x-hitl-signature`, see {@link verifyWebhookSignature}): at least 16
   * characters. Leave it out only for a receiver that cannot verify (e.g. a chat service's
   * incoming webhook, which authenticates by its secret URL).
   */
  secret?: string;
  /** What is sent: the event itself by default, or what this returns (e.g. a chat message's JSON). */
  body?: (event: ApprovalEvent) => unknown;
  /** More request headers (e.g. an authorization token of your receiver). */
  headers?: Record<string, string>;
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch;
}

const schema = z.strictObject({
  url: z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "expected an http: or https: URL"),
  secret: z.string().min(16, "expected at least 16 characters").optional(),
  body: z.custom<(event: ApprovalEvent) => unknown>((value) => typeof value === "function", { message: "expected a function (event) => body" }).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  fetch: z.custom<typeof fetch>((value) => typeof value === "function", { message: "expected a fetch function" }).optional(),
});

function refuse(issues: readonly z.core.$ZodIssue[]): never {
  const details = issueDetails(issues, { message: "plain" }).map((detail) => ({ ...detail, path: (detail.path ?? []).map(String) }));
  throw new HITLError("INVALID_OPTIONS", `Invalid webhook sender options: \`${details[0]?.path.join(".")}\`: ${details[0]?.message}`, { details });
}

/** Reads at most a little of an error answer, for the dead letter's `lastError`. */
async function excerpt(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * A `send` for {@link startApprovalNotifier} that POSTs each event as JSON, signed with
 * HMAC-SHA256 over `<timestamp>.<body>` in `x-hitl-signature: t=<unix seconds>,v1=<hex>` (when
 * `secret` is given), with `x-hitl-event-id` and `x-hitl-event-type`. A 2xx answer is delivered;
 * anything else (another status, a network error, the notifier's `sendTimeoutMs`) fails the attempt
 * with `DELIVERY_FAILED`, and the notifier retries it with backoff, then dead-letters it.
 *
 * @param options - `url`; `secret`, `body`, `headers`, `fetch`.
 * @returns The send function.
 * @throws {HITLError} `INVALID_OPTIONS` for bad options (at once); `DELIVERY_FAILED` from a send that failed.
 * @example
 * ```ts
 * startApprovalNotifier({ checkpointer, send: createWebhookSender({ url: "https://hooks.example.com/approvals", secret: process.env.WEBHOOK_SECRET! }) });
 * ```
 */
export function createWebhookSender(options: WebhookSenderOptions): ApprovalEventHandler {
  const parsed = schema.safeParse(options);
  if (!parsed.success) refuse(parsed.error.issues);
  const { url, secret, headers = {} } = parsed.data;
  const post = options.fetch ?? fetch;
  return async function sendWebhook(event, { signal }) {
    const body = JSON.stringify(options.body === undefined ? event : options.body(event));
    const signature = secret === undefined ? {} : { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, body, Math.floor(Date.now() / 1000)) };
    let response: Response;
    try {
      response = await post(url, {
        method: "POST",
        body,
        signal,
        redirect: "error",
        headers: { ...headers, "content-type": "application/json", "user-agent": "langgraph-hitl-webhook", "x-hitl-event-id": event.id, "x-hitl-event-type": event.type, ...signature },
      });
    } catch (error) {
      throw new HITLError("DELIVERY_FAILED", `The webhook could not be reached: ${thrownText(error)}`, { threadId: event.threadId, interruptId: event.interruptId, cause: error });
    }
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    const text = await excerpt(response);
    throw new HITLError("DELIVERY_FAILED", `The webhook answered ${response.status}${text === "" ? "" : `: ${text}`}`, {
      threadId: event.threadId,
      interruptId: event.interruptId,
      details: [{ message: `the receiver answered HTTP ${response.status}; a 2xx status is a delivery`, received: response.status }],
    });
  };
}
