package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.local.LocalPlatform;
import io.equitoken.platform.test.TestTls;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.sdk.Equitoken;
import io.equitoken.sdk.Webhooks;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What every end-to-end test class shares: the run's one {@link E2ePlatform}, a client of its
 * gateway, a webhook receiver of the class's own, and the calls a client makes again and again (API
 * keys and tokens, bounded waits, problem answers, subscriptions and verified deliveries). Tokens
 * live 20 s here (see the pom), so none is kept for long.
 */
@ExtendWith(E2ePlatform.Resolver.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ThroughTheGateway {

  static final String DEMO_INVESTOR = "inv-alice";
  static final String DEMO_ISSUER = "founder-nova";
  static final String ISSUER = "https://equitoken.local";
  static final String AUDIENCE = "equitoken-api";
  static final Duration SETTLE = Duration.ofSeconds(120);
  static final Duration TOKEN_LIFETIME = Duration.ofSeconds(20);

  protected final JsonMapper json = JsonMapper.builder().build();
  protected final LocalPlatform platform;
  protected final GatewayClient gateway;
  protected final OtlpCollector traces;
  protected final WebhookReceiver receiver = new WebhookReceiver();

  private String investorId;
  private String investorApiKey;
  private String investorSecret;

  ThroughTheGateway(E2ePlatform e2e) {
    this.platform = e2e.platform();
    this.gateway = e2e.gateway();
    this.traces = e2e.traces();
  }

  @AfterAll
  void closeReceiver() {
    receiver.close();
  }

  /**
   * This class's investor, whose key the bootstrap operator creates on first use (checking the
   * operator's token and the key's one-time answer on the way).
   */
  protected String investorId() {
    if (investorId == null) {
      createInvestorKey();
    }
    return investorId;
  }

  /** A fresh token of this class's investor. */
  protected String investorToken() {
    investorId();
    return tokenOf(investorApiKey, investorSecret);
  }

  private void createInvestorKey() {
    // given the bootstrap operator's token
    JsonNode operator = token("demo-operator", "demo-operator-secret-change-me");
    assertThat(operator.get("tokenType").asString()).isEqualTo("Bearer");
    assertThat(operator.get("expiresIn").asLong())
        .as("token lifetime from EQUITOKEN_IDENTITY_TOKEN_LIFETIME, in seconds")
        .isEqualTo(TOKEN_LIFETIME.toSeconds());

    // when it creates a key for a new investor
    String id = "inv-e2e-" + UUID.randomUUID();
    HttpResponse<String> created =
        gateway.postJson(
            "/developer/api-key",
            operator.get("accessToken").asString(),
            "{\"name\":\"e2e investor\",\"principalId\":\"" + id + "\",\"roles\":[\"investor\"]}");

    // then the secret is shown once, with the key
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonNode key = json.readTree(created.body());
    assertThat(key.get("principalId").asString()).isEqualTo(id);
    assertThat(key.get("roles").get(0).asString()).isEqualTo("investor");
    assertThat(key.get("createdAt").asString()).isNotBlank();
    investorApiKey = key.get("apiKey").asString();
    investorSecret = key.get("secret").asString();
    investorId = id;
  }

  protected JsonNode token(String apiKey, String secret) {
    HttpResponse<String> response =
        gateway.postJson(
            "/auth/token", null, "{\"apiKey\":\"" + apiKey + "\",\"secret\":\"" + secret + "\"}");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json.readTree(response.body());
  }

  protected String tokenOf(String apiKey, String secret) {
    return token(apiKey, secret).get("accessToken").asString();
  }

  /** An API key for {@code principalId}, made by the demo operator: "{apiKey} {secret}". */
  protected String apiKeyFor(String principalId, String role) {
    JsonNode operator = token("demo-operator", "demo-operator-secret-change-me");
    HttpResponse<String> created =
        gateway.postJson(
            "/developer/api-key",
            operator.get("accessToken").asString(),
            "{\"name\":\"e2e trader\",\"principalId\":\""
                + principalId
                + "\",\"roles\":[\""
                + role
                + "\"]}");
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonNode key = json.readTree(created.body());
    return key.get("apiKey").asString() + " " + key.get("secret").asString();
  }

  /** Creates a webhook subscription as the caller; answers its signing secret. */
  protected String subscribe(String bearer, String url, String... eventTypes) {
    StringBuilder types = new StringBuilder();
    for (String t : eventTypes) {
      types.append(types.length() == 0 ? "" : ",").append('"').append(t).append('"');
    }
    HttpResponse<String> created =
        gateway.postJson(
            "/webhooks/subscriptions",
            bearer,
            "{\"url\":\"" + url + "\",\"eventTypes\":[" + types + "],\"description\":\"e2e\"}");
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    String secret = json.readTree(created.body()).get("secret").asString();
    assertThat(secret).startsWith("whsec_");
    return secret;
  }

  /**
   * Waits for the delivery of {@code type} whose data has {@code field} = {@code value} and that
   * verifies with {@code secret} (the receiver may hold copies signed for other subscriptions);
   * each webhook-id arrives once.
   */
  protected JsonNode awaitDelivery(String type, String field, String value, String secret)
      throws InterruptedException {
    WebhookReceiver.Received delivery =
        eventually(
            () -> {
              for (WebhookReceiver.Received r : receiver.received()) {
                JsonNode body = json.readTree(r.body());
                if (type.equals(body.get("type").asString())
                    && value.equals(body.get("data").get(field).asString())
                    && r.verifiesWith(secret)) {
                  return r;
                }
              }
              return null;
            });
    assertThat(receiver.received().stream().filter(r -> r.id().equals(delivery.id())))
        .as("delivered once per webhook-id")
        .hasSize(1);
    return json.readTree(delivery.body());
  }

  /**
   * The first delivery of {@code type} (whose data's {@code field} is {@code value}) that verifies
   * with {@code webhooks}' secret: the receiver may hold copies of the same public event signed for
   * another subscription.
   */
  protected Webhooks.Event awaitVerified(Webhooks webhooks, String type, String field, String value)
      throws InterruptedException {
    return eventually(
        () -> {
          for (WebhookReceiver.Received r : receiver.received()) {
            JsonNode body = json.readTree(r.body());
            if (type.equals(body.get("type").asString())
                && (field == null || value.equals(body.get("data").get(field).asString()))) {
              try {
                return webhooks.verify(r.body(), r.headers());
              } catch (Webhooks.InvalidDelivery signedForAnotherSubscription) {
                // the other subscription's copy: look further
              }
            }
          }
          return null;
        });
  }

  /** The SDK for "{apiKey} {secret}", trusting the gateway's generated certificate. */
  protected Equitoken sdk(String keyAndSecret) {
    int space = keyAndSecret.indexOf(' ');
    return Equitoken.builder()
        .baseUri(java.net.URI.create(platform.gatewayUrl()))
        .apiKey(keyAndSecret.substring(0, space), keyAndSecret.substring(space + 1))
        .httpClient(
            java.net.http.HttpClient.newBuilder()
                .sslContext(TestTls.trustingPem(platform.gatewayCertificate()))
                .connectTimeout(Duration.ofSeconds(5)))
        .build();
  }

  /** A demo window that is open now and has tokens. */
  protected JsonNode openDemoWindow(String apiKey, String secret) throws InterruptedException {
    return eventually(
        () -> {
          HttpResponse<String> r =
              gateway.get("/liquidity/windows?status=open", tokenOf(apiKey, secret));
          assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
          for (JsonNode w : json.readTree(r.body())) {
            if (!w.get("tokenIds").isEmpty()) {
              return w;
            }
          }
          return null;
        });
  }

  /** The first token of the demo window that is open now. */
  protected String openWindowToken(String apiKey, String secret) throws InterruptedException {
    return openDemoWindow(apiKey, secret).get("tokenIds").get(0).asString();
  }

  /**
   * What a test of the open demo window's market starts from: the demo operator's token, a fresh
   * API key and secret of the demo investor, and the first token of the window that is open now.
   */
  protected record OpenMarket(String operator, String apiKey, String secret, String tokenId) {}

  /** Makes an {@link OpenMarket}: the operator's token first, then the key, then the token. */
  protected OpenMarket openMarket() throws InterruptedException {
    String operator =
        token("demo-operator", "demo-operator-secret-change-me").get("accessToken").asString();
    String key = apiKeyFor(DEMO_INVESTOR, "investor");
    String apiKey = key.substring(0, key.indexOf(' '));
    String secret = key.substring(key.indexOf(' ') + 1);
    return new OpenMarket(operator, apiKey, secret, openWindowToken(apiKey, secret));
  }

  /** The token's reference price. */
  protected BigDecimal priceOf(String tokenId, String apiKey, String secret) {
    return json.readTree(gateway.get("/tokens/" + tokenId, tokenOf(apiKey, secret)).body())
        .get("price")
        .decimalValue();
  }

  /** Polls (bounded by {@link #SETTLE}) until {@code probe} answers non-null. */
  protected <T> T eventually(Callable<T> probe) throws InterruptedException {
    Instant deadline = Instant.now().plus(SETTLE);
    AssertionError last = null;
    while (Instant.now().isBefore(deadline)) {
      try {
        T value = probe.call();
        if (value != null) {
          return value;
        }
      } catch (AssertionError e) {
        last = e;
      } catch (Exception e) {
        last = new AssertionError(e);
      }
      Thread.sleep(500);
    }
    throw last != null ? last : new AssertionError("Nothing after " + SETTLE);
  }

  protected void expectProblem(HttpResponse<String> response, int status, String code) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    JsonNode problem = json.readTree(response.body());
    assertThat(problem.get("status").asInt()).isEqualTo(status);
    assertThat(problem.get("code").asString()).isEqualTo(code);
    assertThat(problem.get("type").asString()).endsWith("/" + code);
  }
}
