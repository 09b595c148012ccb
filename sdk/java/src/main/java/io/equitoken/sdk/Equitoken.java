package io.equitoken.sdk;

import io.equitoken.sdk.invoker.ApiClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * The entry point: an {@link ApiClient} for the generated APIs that gets its access tokens from an
 * API key, puts an {@code Idempotency-Key} on every {@code POST} and retries {@code 429}/{@code
 * 503} after {@code Retry-After}.
 *
 * <pre>{@code
 * Equitoken equitoken = Equitoken.builder()
 *     .baseUri(URI.create("https://api.equitoken.example"))
 *     .apiKey(System.getenv("EQUITOKEN_API_KEY"), System.getenv("EQUITOKEN_API_SECRET"))
 *     .build();
 * OrdersApi orders = equitoken.api(OrdersApi::new);
 * OrderAccepted accepted = orders.placeOrder(new TradeOrder().tokenId(tokenId)
 *     .type(TradeOrder.TypeEnum.BUY).quantity(new BigDecimal("10")).maxPrice(new BigDecimal("2.5")), null);
 * }</pre>
 */
public final class Equitoken {

  private final ApiClient client;

  private Equitoken(ApiClient client) {
    this.client = client;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The generated client, configured. */
  public ApiClient apiClient() {
    return client;
  }

  /** One of the generated APIs, e.g. {@code api(OrdersApi::new)}. */
  public <T> T api(Function<ApiClient, T> constructor) {
    return constructor.apply(client);
  }

  public static final class Builder {
    private URI baseUri;
    private String apiKey;
    private String secret;
    private HttpClient.Builder http =
        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10));
    private int maxAttempts = 3;
    private Duration maxWait = Duration.ofSeconds(30);
    private Clock clock = Clock.systemUTC();

    public Builder baseUri(URI baseUri) {
      this.baseUri = baseUri;
      return this;
    }

    /** The API key and its secret, as {@code POST /developer/api-key} answered them. */
    public Builder apiKey(String apiKey, String secret) {
      this.apiKey = apiKey;
      this.secret = secret;
      return this;
    }

    /** The JDK client to send with (TLS, timeouts, proxy). */
    public Builder httpClient(HttpClient.Builder http) {
      this.http = http;
      return this;
    }

    /** Attempts per call in all (1: no retries); the longest wait between two. */
    public Builder retries(int maxAttempts, Duration maxWait) {
      this.maxAttempts = maxAttempts;
      this.maxWait = maxWait;
      return this;
    }

    Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    public Equitoken build() {
      Objects.requireNonNull(baseUri, "baseUri");
      HttpClient plain = http.build();
      AccessTokens tokens =
          apiKey == null ? null : new AccessTokens(plain, baseUri, apiKey, secret, clock);
      HttpClient wrapped = new EquitokenHttpClient(plain, tokens, maxAttempts, maxWait);
      ApiClient client =
          new ApiClient(
              new FixedClientBuilder(http, wrapped),
              ApiClient.createDefaultObjectMapper(),
              baseUri.toString().replaceAll("/+$", ""));
      return new Equitoken(client);
    }
  }
}
