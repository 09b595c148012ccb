/**
 * An investor's and a partner's journey against a running platform, through the SDK alone: the
 * partner subscribes a receiver to `trade.executed`, the investor buys 10 in an open window until
 * the order fills, and the receiver's delivery of that execution verifies with the subscription's
 * secret. Prints one JSON line with what it saw; exits non-zero on any failure.
 *
 * Settings (environment): EQUITOKEN_URL, INVESTOR_API_KEY, INVESTOR_SECRET, PARTNER_API_KEY,
 * PARTNER_SECRET; a gateway with a private certificate is trusted through NODE_EXTRA_CA_CERTS.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createEquitoken, pages, verifyWebhook, type VerifiedDelivery } from "../src/index.js";

const TIMEOUT_MS = 90_000;

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") {
    throw new Error(`${name} is not set`);
  }
  return value;
}

/** Polls `probe` every half second until it answers something, for at most TIMEOUT_MS. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const found = await probe();
    if (found !== undefined) {
      return found;
    }
    if (Date.now() > deadline) {
      throw new Error(`gave up waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

type Received = { body: string; headers: IncomingHttpHeaders };

async function receiver(): Promise<{ url: string; received: Received[]; close: () => void }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/equitoken`, received, close: () => server.close() };
}

async function main(): Promise<void> {
  const baseUrl = setting("EQUITOKEN_URL");
  const investor = createEquitoken({
    baseUrl,
    apiKey: setting("INVESTOR_API_KEY"),
    secret: setting("INVESTOR_SECRET"),
  });
  const partner = createEquitoken({
    baseUrl,
    apiKey: setting("PARTNER_API_KEY"),
    secret: setting("PARTNER_SECRET"),
  });
  const hook = await receiver();
  try {
    // the partner's subscription
    const created = await partner.POST("/webhooks/subscriptions", {
      body: { url: hook.url, eventTypes: ["trade.executed"], description: "typescript sdk e2e" },
    });
    if (created.data === undefined) {
      throw new Error(`subscribing failed: ${created.response.status} ${JSON.stringify(created.error)}`);
    }
    const secret = created.data.secret;
    if (secret === undefined || secret === null) {
      throw new Error("a new subscription answered no signing secret");
    }

    // the investor's buy of 10, at twice the token's price, in the first open window with a token
    const window = await eventually("an open window", async () => {
      for await (const w of pages((cursor) =>
        investor.GET("/liquidity/windows", {
          params: { query: { status: "open", limit: 100, cursor } },
        }),
      )) {
        if (w.tokenIds.length > 0) {
          return w;
        }
      }
      return undefined;
    });
    const tokenId = window.tokenIds[0] as string;
    const token = await investor.GET("/tokens/{tokenId}", { params: { path: { tokenId } } });
    if (token.data === undefined) {
      throw new Error(`reading token ${tokenId} failed: ${token.response.status}`);
    }
    const maxPrice = Math.floor(Number(token.data.price) * 2 * 100) / 100;
    const placed = await investor.POST("/trade", {
      body: { tokenId, type: "buy", quantity: 10, maxPrice },
    });
    if (placed.data === undefined) {
      throw new Error(`placing failed: ${placed.response.status} ${JSON.stringify(placed.error)}`);
    }
    const orderId = placed.data.tradeId;

    // until it fills
    const filled = await eventually("the order to fill", async () => {
      const s = await investor.GET("/trade/status/{tradeId}", {
        params: { path: { tradeId: orderId } },
      });
      return s.data?.status === "filled" ? s.data : undefined;
    });
    const execution = filled.fills?.[0]?.tradeId;
    if (execution === undefined) {
      throw new Error(`filled order ${orderId} lists no fill`);
    }

    // and the partner's receiver holds the execution's delivery, verified with the secret
    const delivery: VerifiedDelivery = await eventually("the verified delivery", async () => {
      for (const r of hook.received) {
        const verified = verifyWebhook(secret, r.body, r.headers);
        if (verified.type === "trade.executed" && verified.data.tradeId === execution) {
          return verified;
        }
      }
      return undefined;
    });
    process.stdout.write(
      JSON.stringify({
        orderId,
        status: filled.status,
        filledQuantity: filled.filledQuantity,
        executionId: execution,
        verifiedType: delivery.type,
        verifiedQuantity: delivery.type === "trade.executed" ? delivery.data.quantity : null,
      }) + "\n",
    );
  } finally {
    hook.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
