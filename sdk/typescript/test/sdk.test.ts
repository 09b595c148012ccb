import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { createEquitoken, nextCursor, pages, retryDelayMs, verifyWebhook } from "../src/index.js";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"] };
type Handler = (seen: Seen) => { status: number; headers?: Record<string, string>; body?: unknown };

async function stub(handler: Handler): Promise<{ url: string; seen: Seen[]; close: () => void }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers };
      seen.push(request);
      const answer = handler(request);
      res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => server.close() };
}

const token = { status: 200, body: { accessToken: "t1", tokenType: "Bearer", expiresIn: 3600 } };

test("a POST gets one Idempotency-Key, kept across a retry after Retry-After", async () => {
  let orders = 0;
  const api = await stub((r) =>
    r.url === "/auth/token"
      ? token
      : ++orders === 1
        ? { status: 503, headers: { "Retry-After": "2" }, body: { code: "service-unavailable" } }
        : { status: 202, body: { tradeId: "o-1", status: "pending" } },
  );
  const waits: number[] = [];
  try {
    const equitoken = createEquitoken({
      baseUrl: api.url,
      apiKey: "k",
      secret: "s",
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const { response } = await equitoken.POST("/trade", {
      body: { tokenId: "tok-1", type: "buy", quantity: 10, maxPrice: 2.5 },
    });
    assert.equal(response.status, 202);
    const posts = api.seen.filter((s) => s.url === "/trade");
    assert.equal(posts.length, 2);
    const key = posts[0]?.headers["idempotency-key"];
    assert.ok(typeof key === "string" && key.length > 0);
    assert.equal(posts[1]?.headers["idempotency-key"], key);
    assert.equal(posts[1]?.headers.authorization, "Bearer t1");
    assert.deepEqual(waits, [2000]);
  } finally {
    api.close();
  }
});

test("a 401 renews the token once", async () => {
  let issued = 0;
  const api = await stub((r) =>
    r.url === "/auth/token"
      ? { status: 200, body: { accessToken: `t${++issued}`, expiresIn: 3600 } }
      : r.headers.authorization === "Bearer t1"
        ? { status: 401, body: { code: "invalid-token" } }
        : { status: 200, body: [] },
  );
  try {
    const equitoken = createEquitoken({ baseUrl: api.url, apiKey: "k", secret: "s" });
    const { response } = await equitoken.GET("/listings", {});
    assert.equal(response.status, 200);
    assert.equal(issued, 2);
  } finally {
    api.close();
  }
});

test("pages follows Link until the last page", async () => {
  const api = await stub((r) =>
    r.url === "/auth/token"
      ? token
      : r.url.includes("cursor=c2")
        ? { status: 200, body: [{ id: "c" }] }
        : {
            status: 200,
            headers: { Link: '</listings?limit=2&cursor=c2>; rel="next"' },
            body: [{ id: "a" }, { id: "b" }],
          },
  );
  try {
    const equitoken = createEquitoken({ baseUrl: api.url, apiKey: "k", secret: "s" });
    const ids: string[] = [];
    for await (const listing of pages((cursor) =>
      equitoken.GET("/listings", { params: { query: { limit: 2, cursor } } }),
    )) {
      ids.push(listing.id);
    }
    assert.deepEqual(ids, ["a", "b", "c"]);
  } finally {
    api.close();
  }
});

test("Retry-After and Link are read as the contract says", () => {
  assert.equal(retryDelayMs("7", 1, 5000), 5000);
  assert.equal(retryDelayMs("1", 1, 5000), 1000);
  assert.equal(retryDelayMs(null, 2, 5000), 400);
  assert.equal(nextCursor('</trade?cursor=abc%3D&limit=5>; rel="next"'), "abc=");
  assert.equal(nextCursor('</trade?cursor=abc>; rel="prev"'), undefined);
});

test("a signed delivery verifies and a tampered one does not", () => {
  const secret = "whsec_" + Buffer.from("0123456789abcdef0123456789abcdef").toString("base64");
  const body = JSON.stringify({
    type: "webhook.test",
    timestamp: "2026-11-20T10:01:12.031Z",
    data: { subscriptionId: "8d3c2a9e-1b7f-4c2e-9a51-0f6b2d4e8c11", message: "hello" },
  });
  const now = new Date();
  const signature = new Webhook(secret).sign("msg_1", now, body);
  const headers = {
    "Webhook-Id": "msg_1",
    "Webhook-Timestamp": String(Math.floor(now.getTime() / 1000)),
    "Webhook-Signature": signature,
  };
  const delivery = verifyWebhook(secret, body, headers);
  assert.equal(delivery.type, "webhook.test");
  assert.throws(() => verifyWebhook(secret, body.replace("hello", "HELLO"), headers));
});
