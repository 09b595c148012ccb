/**
 * The official TypeScript client of the Equitoken API. The types are generated from the merged
 * OpenAPI document (`src/generated/schema.ts`, openapi-typescript); requests go through
 * openapi-fetch. This file is the thin hand-written layer: access tokens from an API key, an
 * `Idempotency-Key` on every POST (kept across retries), retries honouring `Retry-After`, cursor
 * paging over `Link`, and webhook verification with the Standard Webhooks library.
 */
import createClient, { type Client } from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { components, paths, webhooks } from "./generated/schema.js";

export type { components, paths, webhooks } from "./generated/schema.js";

export interface EquitokenOptions {
  /** The gateway, e.g. `https://api.equitoken.example`. */
  baseUrl: string;
  /** The API key and its secret, as `POST /developer/api-key` answered them. */
  apiKey?: string;
  secret?: string;
  /** Attempts per call in all (1: no retries); default 3. */
  maxAttempts?: number;
  /** The longest wait between two attempts, in milliseconds; default 30 000. */
  maxWaitMs?: number;
  /** The fetch to send with (default: the global one). */
  fetch?: typeof fetch;
  /** Sleeps between attempts (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  /** The clock, in milliseconds (tests replace it). */
  now?: () => number;
}

/** A client of every path of the API, typed from the contract. */
export type EquitokenClient = Client<paths>;

/** A token is renewed this long before its `expiresIn` runs out. */
export const RENEW_BEFORE_MS = 60_000;

/** Access tokens from `POST /auth/token`, renewed before they expire and after a `401`. */
export class AccessTokens {
  private token: string | undefined;
  private renewAt = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly secret: string,
    private readonly send: typeof fetch,
    private readonly now: () => number,
  ) {}

  async current(): Promise<string> {
    if (this.token === undefined || this.now() >= this.renewAt) {
      await this.fetch();
    }
    return this.token as string;
  }

  invalidate(): void {
    this.token = undefined;
  }

  private async fetch(): Promise<void> {
    const response = await this.send(new URL("/auth/token", this.baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ apiKey: this.apiKey, secret: this.secret }),
    });
    if (response.status !== 200) {
      throw new Error(`POST /auth/token answered ${response.status}: ${await response.text()}`);
    }
    const answer = (await response.json()) as components["schemas"]["TokenResponse"];
    const seconds = answer.expiresIn ?? 300;
    const keepMs = Math.max(seconds * 1000 - RENEW_BEFORE_MS, (seconds * 1000) / 2);
    this.token = answer.accessToken;
    this.renewAt = this.now() + keepMs;
  }
}

/** Seconds of `Retry-After`, else a short growing pause; never above `maxWaitMs`. */
export function retryDelayMs(retryAfter: string | null, attempt: number, maxWaitMs: number): number {
  const seconds = retryAfter === null ? Number.NaN : Number.parseInt(retryAfter.trim(), 10);
  const wait = Number.isFinite(seconds) ? Math.max(0, seconds) * 1000 : 200 * attempt;
  return Math.min(wait, maxWaitMs);
}

/**
 * A fetch that adds the bearer token (renewed once on a `401`), an `Idempotency-Key` on a POST
 * that has none (the same on every retry of it), and retries `429`/`503` after `Retry-After`.
 */
export function equitokenFetch(options: EquitokenOptions): typeof fetch {
  const send = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  const tokens =
    options.apiKey !== undefined && options.secret !== undefined
      ? new AccessTokens(options.baseUrl, options.apiKey, options.secret, send, now)
      : undefined;

  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const original = new Request(input, init);
    const isTokenCall = new URL(original.url).pathname.endsWith("/auth/token");
    const headers = new Headers(original.headers);
    if (original.method === "POST" && !headers.has("Idempotency-Key") && !isTokenCall) {
      headers.set("Idempotency-Key", crypto.randomUUID());
    }
    const template = new Request(original, { headers });
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const request = template.clone();
      if (tokens !== undefined && !isTokenCall) {
        request.headers.set("Authorization", `Bearer ${await tokens.current()}`);
      }
      const response = await send(request);
      if (response.status === 401 && tokens !== undefined && !renewed) {
        await response.body?.cancel();
        tokens.invalidate();
        renewed = true;
        attempt--;
        continue;
      }
      if ((response.status === 429 || response.status === 503) && attempt < maxAttempts) {
        const wait = retryDelayMs(response.headers.get("Retry-After"), attempt, maxWaitMs);
        await response.body?.cancel();
        await sleep(wait);
        continue;
      }
      return response;
    }
  };
}

/**
 * A client of the whole API.
 *
 * ```ts
 * const equitoken = createEquitoken({ baseUrl, apiKey, secret });
 * const { data } = await equitoken.POST("/trade", {
 *   body: { tokenId, type: "buy", quantity: 10, maxPrice: 2.5 },
 * });
 * ```
 */
export function createEquitoken(options: EquitokenOptions): EquitokenClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: equitokenFetch(options),
  });
}

/** The `cursor` of the `rel="next"` link of a `Link` header, if any. */
export function nextCursor(link: string | null): string | undefined {
  if (link === null) {
    return undefined;
  }
  for (const part of link.split(",")) {
    const match = /<([^>]*)>\s*;[^,]*rel="?next"?/i.exec(part);
    if (match?.[1] !== undefined) {
      const cursor = new URL(match[1], "http://x").searchParams.get("cursor");
      if (cursor !== null) {
        return cursor;
      }
    }
  }
  return undefined;
}

/** One page: a list call for a cursor (`undefined`: the first page). */
export type Page<T> = (cursor: string | undefined) => Promise<{
  data?: T[];
  error?: unknown;
  response: Response;
}>;

/**
 * Every element of every page, following `Link: rel="next"`; a page is fetched only when the
 * iteration reaches it.
 *
 * ```ts
 * for await (const listing of pages((cursor) =>
 *   equitoken.GET("/listings", { params: { query: { cursor, limit: 100 } } }))) { … }
 * ```
 */
export async function* pages<T>(page: Page<T>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const { data, error, response } = await page(cursor);
    if (data === undefined) {
      throw new Error(`listing failed with ${response.status}: ${JSON.stringify(error)}`);
    }
    yield* data;
    const next = nextCursor(response.headers.get("Link"));
    if (next === undefined || next === cursor) {
      return;
    }
    cursor = next;
  }
}

/** Every webhook event type of the contract, by name. */
export type WebhookEventName = keyof webhooks;

/** The body of a delivery of `type` (envelope: `type`, `timestamp`, `data`). */
export type WebhookDelivery<N extends WebhookEventName> = webhooks[N] extends {
  post: { requestBody?: { content: { "application/json": infer B } } };
}
  ? B
  : never;

/** A verified delivery; `type` is open (new types may appear): handle unknown ones as such. */
export type VerifiedDelivery = {
  [N in WebhookEventName]: WebhookDelivery<N>;
}[WebhookEventName];

/**
 * Checks a delivery's `webhook-signature` and timestamp with the Standard Webhooks library against
 * the subscription's `whsec_…` secret, then answers its body; throws if it does not verify.
 * Dedupe on the `webhook-id` header.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  headers: Record<string, string | string[] | undefined>,
): VerifiedDelivery {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) {
      flat[name.toLowerCase()] = Array.isArray(value) ? value.join(" ") : value;
    }
  }
  return new Webhook(secret).verify(body, flat) as VerifiedDelivery;
}
