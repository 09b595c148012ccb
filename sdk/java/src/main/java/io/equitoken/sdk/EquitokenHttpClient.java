package io.equitoken.sdk;

import java.io.IOException;
import java.io.InputStream;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The {@link HttpClient} the generated client sends through: it adds the bearer token ({@link
 * AccessTokens}; a {@code 401} renews it once), an {@code Idempotency-Key} on every {@code POST}
 * that has none (the same key on every retry of that request, so a retried call is never done
 * twice), and retries {@code 429} and {@code 503} after their {@code Retry-After} (at most {@code
 * maxAttempts} in all, waiting at most {@code maxWait} each time).
 */
public final class EquitokenHttpClient extends HttpClient {

  /** Sleeps between attempts; replaced in tests. */
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final HttpClient delegate;
  private final AccessTokens tokens;
  private final int maxAttempts;
  private final Duration maxWait;
  private final Sleeper sleeper;

  public EquitokenHttpClient(
      HttpClient delegate, AccessTokens tokens, int maxAttempts, Duration maxWait) {
    this(delegate, tokens, maxAttempts, maxWait, d -> Thread.sleep(d.toMillis()));
  }

  EquitokenHttpClient(
      HttpClient delegate,
      AccessTokens tokens,
      int maxAttempts,
      Duration maxWait,
      Sleeper sleeper) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1");
    }
    this.delegate = delegate;
    this.tokens = tokens;
    this.maxAttempts = maxAttempts;
    this.maxWait = maxWait;
    this.sleeper = sleeper;
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    HttpRequest prepared = withIdempotencyKey(request);
    boolean renewed = false;
    for (int attempt = 1; ; attempt++) {
      HttpResponse<T> response = delegate.send(authorized(prepared), handler);
      int status = response.statusCode();
      if (status == 401 && tokens != null && !renewed) {
        discard(response);
        tokens.invalidate();
        renewed = true;
        attempt--;
        continue;
      }
      if ((status == 429 || status == 503) && attempt < maxAttempts) {
        Duration wait = retryAfter(response.headers(), attempt);
        discard(response);
        sleeper.sleep(wait);
        continue;
      }
      return response;
    }
  }

  /** {@code Retry-After} in seconds, else a short growing pause; never above {@code maxWait}. */
  Duration retryAfter(HttpHeaders headers, int attempt) {
    Duration wait =
        headers
            .firstValue("Retry-After")
            .flatMap(EquitokenHttpClient::seconds)
            .orElse(Duration.ofMillis(200L * attempt));
    return wait.compareTo(maxWait) > 0 ? maxWait : wait;
  }

  private static Optional<Duration> seconds(String value) {
    try {
      return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim()))));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static HttpRequest withIdempotencyKey(HttpRequest request) {
    if (!"POST".equals(request.method())
        || request.headers().firstValue("Idempotency-Key").isPresent()
        || request.uri().getPath().endsWith("/auth/token")) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, value) -> true)
        .header("Idempotency-Key", UUID.randomUUID().toString())
        .build();
  }

  private HttpRequest authorized(HttpRequest request) throws IOException, InterruptedException {
    if (tokens == null || request.uri().getPath().endsWith("/auth/token")) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase("Authorization"))
        .header("Authorization", "Bearer " + tokens.current())
        .build();
  }

  private static void discard(HttpResponse<?> response) throws IOException {
    if (response.body() instanceof InputStream in) {
      in.close();
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    java.util.function.Supplier<HttpResponse<T>> work =
        () -> {
          try {
            return send(request, handler);
          } catch (IOException e) {
            throw new CompletionException(e);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
          }
        };
    return executor()
        .map(pool -> CompletableFuture.supplyAsync(work, pool))
        .orElseGet(() -> CompletableFuture.supplyAsync(work));
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
    return sendAsync(request, handler);
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return delegate.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return delegate.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return delegate.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return delegate.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return delegate.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return delegate.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return delegate.authenticator();
  }

  @Override
  public Version version() {
    return delegate.version();
  }

  @Override
  public Optional<Executor> executor() {
    return delegate.executor();
  }
}
