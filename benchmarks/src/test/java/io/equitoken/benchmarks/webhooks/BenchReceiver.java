package io.equitoken.benchmarks.webhooks;

import io.equitoken.platform.test.WebhookReceiver;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The benchmark's partner endpoint: a Reactor Netty server on loopback that answers 200 at once,
 * counts every {@code webhook-id} per endpoint, hands each delivery to a listener (with its arrival
 * time) and verifies the signature of every {@code verifyEvery}-th request — or of every one when
 * {@link #verifyAll} is set — with the official Standard Webhooks library ({@link
 * WebhookReceiver.Received#verifiesWith}). Requests go to {@code /hooks/<n>}: {@code n} names the
 * subscription and so the secret. It can be stopped and started again on the same port (the
 * receiver-down run).
 */
final class BenchReceiver implements AutoCloseable {

  /** One delivery as it arrived. */
  record Hit(String uri, String webhookId, String body, long arrivedNanos, int count) {}

  /** Called for every delivery, on a Netty event loop: keep it short. */
  interface Listener {
    void onHit(Hit hit);
  }

  private final IntFunction<String> secrets;
  private final int verifyEvery;
  private final int port;
  private final Map<String, AtomicInteger> perId = new ConcurrentHashMap<>();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong verified = new AtomicLong();
  private final AtomicLong invalid = new AtomicLong();
  private final AtomicLong unknown = new AtomicLong();
  private volatile Listener listener = hit -> {};
  volatile boolean verifyAll;
  private volatile DisposableServer server;
  private volatile ChannelGroup connections;

  BenchReceiver(IntFunction<String> secrets, int verifyEvery, int port) {
    this.secrets = secrets;
    this.verifyEvery = Math.max(1, verifyEvery);
    this.port = port;
  }

  synchronized BenchReceiver start() {
    if (server == null) {
      connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
      server =
          HttpServer.create()
              .host("127.0.0.1")
              .channelGroup(connections)
              .port(port)
              .handle(
                  (req, res) ->
                      req.receive()
                          .aggregate()
                          .asString(StandardCharsets.UTF_8)
                          .defaultIfEmpty("")
                          .flatMap(
                              body -> {
                                int status =
                                    accept(
                                        req.uri(),
                                        req.requestHeaders().get("webhook-id"),
                                        req.requestHeaders().get("webhook-timestamp"),
                                        req.requestHeaders().get("webhook-signature"),
                                        body);
                                return Mono.from(res.status(status).send());
                              }))
              .bindNow(Duration.ofSeconds(10));
    }
    return this;
  }

  /**
   * Closes the port and every open connection (a pooled keep-alive connection would otherwise go on
   * being served): senders get "connection refused" until {@link #start()}.
   */
  synchronized void stop() {
    if (server != null) {
      server.disposeNow(Duration.ofSeconds(10));
      connections.close().awaitUninterruptibly(10_000);
      server = null;
    }
  }

  int port() {
    return port;
  }

  String url(int subscription) {
    return "http://127.0.0.1:" + port + "/hooks/" + subscription;
  }

  void listen(Listener next) {
    listener = next;
  }

  private int accept(String uri, String id, String timestamp, String signature, String body) {
    long arrived = System.nanoTime();
    long n = requests.incrementAndGet();
    if (id == null || timestamp == null || signature == null) {
      invalid.incrementAndGet();
      return 400;
    }
    // webhook-id is the event's message id, the same for every subscription it reaches (as in
    // Svix): a receiver dedupes on it per endpoint
    int count = perId.computeIfAbsent(uri + " " + id, k -> new AtomicInteger()).incrementAndGet();
    if (verifyAll || n % verifyEvery == 0) {
      String secret = secret(uri);
      if (secret == null) {
        unknown.incrementAndGet();
      } else if (new WebhookReceiver.Received(id, timestamp, signature, body)
          .verifiesWith(secret)) {
        verified.incrementAndGet();
      } else {
        invalid.incrementAndGet();
      }
    }
    listener.onHit(new Hit(uri, id, body, arrived, count));
    return 200;
  }

  private String secret(String uri) {
    int slash = uri.lastIndexOf('/');
    try {
      return secrets.apply(Integer.parseInt(uri.substring(slash + 1)));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  long requests() {
    return requests.get();
  }

  long verified() {
    return verified.get();
  }

  long invalid() {
    return invalid.get();
  }

  long unknownPaths() {
    return unknown.get();
  }

  @Override
  public void close() {
    stop();
  }
}
