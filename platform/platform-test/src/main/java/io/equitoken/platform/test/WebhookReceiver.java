package io.equitoken.platform.test;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A partner's webhook endpoint on loopback: records every request and answers what the test scripts
 * (200 by default). Requests are verified with the official Standard Webhooks library, as a
 * receiver would. Used by webhook-service's ITs and the end-to-end test.
 */
public final class WebhookReceiver implements AutoCloseable {

  /** One received request. */
  public record Received(String id, String timestamp, String signature, String body) {

    public Map<String, List<String>> headers() {
      return Map.of(
          "webhook-id", List.of(id),
          "webhook-timestamp", List.of(timestamp),
          "webhook-signature", List.of(signature));
    }

    /** True when the signature verifies under {@code secret}. */
    public boolean verifiesWith(String secret) {
      try {
        new Webhook(secret).verify(body, headers());
        return true;
      } catch (WebhookVerificationException e) {
        return false;
      }
    }
  }

  /** What to answer: a status, optional headers, a body. */
  public record Answer(int status, Map<String, String> headers, String body) {
    public static Answer status(int status) {
      return new Answer(status, Map.of(), "");
    }
  }

  private final HttpServer server;
  private final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();
  private final AtomicReference<Function<Received, Answer>> script =
      new AtomicReference<>(r -> Answer.status(200));
  private final AtomicReference<CountDownLatch> gate = new AtomicReference<>();
  private final java.util.concurrent.atomic.AtomicInteger arrived =
      new java.util.concurrent.atomic.AtomicInteger();

  public WebhookReceiver() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.setExecutor(Executors.newFixedThreadPool(8));
    server.createContext(
        "/",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            var h = exchange.getRequestHeaders();
            Received r =
                new Received(
                    h.getFirst("webhook-id"),
                    h.getFirst("webhook-timestamp"),
                    h.getFirst("webhook-signature"),
                    body);
            arrived.incrementAndGet();
            CountDownLatch latch = gate.get();
            if (latch != null) {
              latch.await(20, TimeUnit.SECONDS);
            }
            received.add(r);
            Answer answer = script.get().apply(r);
            answer.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            byte[] out = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
              exchange.getResponseBody().write(out);
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            exchange.close();
          }
        });
    server.start();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
  }

  public void answer(Function<Received, Answer> answers) {
    script.set(answers);
  }

  /** Holds every request until {@link #release()} (bounded to 20 s each). */
  public void hold() {
    gate.set(new CountDownLatch(1));
  }

  public void release() {
    CountDownLatch latch = gate.getAndSet(null);
    if (latch != null) {
      latch.countDown();
    }
  }

  /** Requests that arrived, including those still held. */
  public int arrived() {
    return arrived.get();
  }

  public List<Received> received() {
    return new ArrayList<>(received);
  }

  @Override
  public void close() {
    release();
    server.stop(0);
  }
}
