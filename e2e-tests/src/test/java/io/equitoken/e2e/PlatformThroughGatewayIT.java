package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.nimbusds.jose.jwk.JWKSet;
import io.equitoken.local.LocalPlatform;
import io.equitoken.platform.test.TestTls;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.sdk.Equitoken;
import io.equitoken.sdk.Pages;
import io.equitoken.sdk.Webhooks;
import io.equitoken.sdk.api.EquityTokensApi;
import io.equitoken.sdk.api.LiquidityWindowsApi;
import io.equitoken.sdk.api.OrdersApi;
import io.equitoken.sdk.api.WebhookDeliveriesApi;
import io.equitoken.sdk.api.WebhookSubscriptionsApi;
import io.equitoken.sdk.model.LiquidityWindow;
import io.equitoken.sdk.model.OrderAccepted;
import io.equitoken.sdk.model.OrderState;
import io.equitoken.sdk.model.OrderStatus;
import io.equitoken.sdk.model.TradeOrder;
import io.equitoken.sdk.model.WebhookSubscriptionCreate;
import io.equitoken.sdk.model.WebhookSubscriptionCreated;
import io.equitoken.sdk.model.WebhookTradeExecutedData;
import io.equitoken.sdk.model.WindowStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole platform as a client meets it: PostgreSQL, Kafka and every built service started by
 * platform-local in a directory of its own on offset ports, then HTTPS calls through the gateway,
 * trusting only the certificate the gateway generated. Tokens live 20 s here (see the pom), so the
 * expired-token check uses a real, identity-signed token. The services start with their demo data,
 * so the last test can trade: a demo investor whose KYC compliance approved buys from the issuer in
 * the demo window that is open now, and sees the order filled and the holding in the portfolio.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PlatformThroughGatewayIT {

  private static final List<String> REQUIRED =
      List.of(
          "identity-service",
          "listings-service",
          "compliance-service",
          "trading-service",
          "portfolio-service",
          "gateway");
  private static final String DEMO_INVESTOR = "inv-alice";
  private static final String DEMO_ISSUER = "founder-nova";
  private static final Duration SETTLE = Duration.ofSeconds(120);
  private static final int PORT_OFFSET = 300;
  private static final Duration TOKEN_LIFETIME = Duration.ofSeconds(20);
  private static final String ISSUER = "https://equitoken.local";
  private static final String AUDIENCE = "equitoken-api";
  private static final Set<String> SUMMARY_FIELDS =
      Set.of(
          "id",
          "name",
          "sector",
          "valuation",
          "tokenPrice",
          "raiseTarget",
          "raiseProgress",
          "status");
  private static final Set<String> DETAIL_FIELDS =
      Set.of(
          "id",
          "name",
          "description",
          "problem",
          "solution",
          "sector",
          "team",
          "tokenomics",
          "documents");

  /**
   * Members listings-service adds beside the spec's (docs/services/listings-service.md,
   * "Representations"): allowed, but nothing else is, and every spec member must be there.
   */
  private static final Set<String> SUMMARY_ADDITIONS = Set.of("tokenId");

  private static final Set<String> DETAIL_ADDITIONS =
      Set.of(
          "tokenId",
          "status",
          "stage",
          "country",
          "raiseTarget",
          "raiseProgress",
          "createdAt",
          "updatedAt");
  private static final List<String> STAGES =
      List.of("pre_seed", "seed", "series_a", "series_b", "growth");

  private final JsonMapper json = JsonMapper.builder().build();
  private final WebhookReceiver receiver = new WebhookReceiver();

  /** Receives every service's spans: failsafe sets the services' OTLP endpoint to this port. */
  private final OtlpCollector traces = new OtlpCollector(Integer.getInteger("e2e.otlp.port"));

  /** The client's trace of the request that schedules the short window (test 9). */
  private final String windowTrace = randomHex(16);

  private boolean windowScheduled;
  private LocalPlatform platform;
  private GatewayClient gateway;
  private String investorId;
  private String investorApiKey;
  private String investorSecret;
  private String tokenThatWillExpire;
  private Instant tokenThatWillExpireIssuedAt;

  @BeforeAll
  void startPlatform() throws IOException {
    Path projectDir =
        Path.of(System.getProperty("equitoken.project.dir", "..")).toAbsolutePath().normalize();
    List<String> missing =
        REQUIRED.stream()
            .filter(m -> !Files.isRegularFile(projectDir.resolve(m + "/target/" + m + ".jar")))
            .toList();
    if (!missing.isEmpty()) {
      fail(
          "Service jars not built: "
              + missing
              + ". `./mvnw verify` builds them before e2e-tests; to run e2e-tests alone first run"
              + " `./mvnw -B -q -DskipTests -Dquickly install -pl "
              + String.join(",", missing)
              + " -am`.");
    }
    Path baseDir = projectDir.resolve("e2e-tests/target/e2e-platform");
    deleteRecursively(baseDir);
    platform =
        LocalPlatform.builder()
            .projectDir(projectDir)
            .baseDir(baseDir)
            .portOffset(PORT_OFFSET)
            .serviceTimeout(Duration.ofSeconds(150))
            .build();
    platform.start();
    assertThat(platform.runningServices()).containsAll(REQUIRED);
    gateway = new GatewayClient(platform.gatewayUrl(), platform.gatewayCertificate());
    createInvestorKey();
    tokenThatWillExpireIssuedAt = Instant.now();
    tokenThatWillExpire = investorToken();
  }

  @AfterAll
  void stopPlatform() {
    receiver.close();
    traces.close();
    if (platform != null) {
      platform.close();
    }
  }

  private void createInvestorKey() {
    // given the bootstrap operator's token
    JsonNode operator = token("demo-operator", "demo-operator-secret-change-me");
    assertThat(operator.get("tokenType").asString()).isEqualTo("Bearer");
    assertThat(operator.get("expiresIn").asLong())
        .as("token lifetime from EQUITOKEN_IDENTITY_TOKEN_LIFETIME, in seconds")
        .isEqualTo(TOKEN_LIFETIME.toSeconds());

    // when it creates a key for a new investor
    investorId = "inv-e2e-" + UUID.randomUUID();
    HttpResponse<String> created =
        gateway.postJson(
            "/developer/api-key",
            operator.get("accessToken").asString(),
            "{\"name\":\"e2e investor\",\"principalId\":\""
                + investorId
                + "\",\"roles\":[\"investor\"]}");

    // then the secret is shown once, with the key
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonNode key = json.readTree(created.body());
    assertThat(key.get("principalId").asString()).isEqualTo(investorId);
    assertThat(key.get("roles").get(0).asString()).isEqualTo("investor");
    assertThat(key.get("createdAt").asString()).isNotBlank();
    investorApiKey = key.get("apiKey").asString();
    investorSecret = key.get("secret").asString();
  }

  private JsonNode token(String apiKey, String secret) {
    HttpResponse<String> response =
        gateway.postJson(
            "/auth/token", null, "{\"apiKey\":\"" + apiKey + "\",\"secret\":\"" + secret + "\"}");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json.readTree(response.body());
  }

  /** A fresh investor token: tokens live only 20 s in this test, so none is kept for long. */
  private String investorToken() {
    return token(investorApiKey, investorSecret).get("accessToken").asString();
  }

  @Test
  @Order(1)
  void shouldListOnlyActiveListingsWithExactlyTheSpecFields() {
    HttpResponse<String> response = gateway.get("/listings", investorToken());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Strict-Transport-Security")).isPresent();
    JsonNode listings = json.readTree(response.body());
    assertThat(listings.isArray()).isTrue();
    assertThat(listings.size()).isPositive();
    for (JsonNode listing : listings) {
      assertThat(fieldNames(listing))
          .containsAll(SUMMARY_FIELDS)
          .isSubsetOf(union(SUMMARY_FIELDS, SUMMARY_ADDITIONS));
      assertThat(listing.get("status").asString()).isEqualTo("active");
      assertThat(listing.get("id").isString()).isTrue();
      assertThat(listing.get("name").isString()).isTrue();
      assertThat(listing.get("sector").isString()).isTrue();
      for (String number : List.of("valuation", "tokenPrice", "raiseTarget", "raiseProgress")) {
        assertThat(listing.get(number).isNumber()).as(number).isTrue();
      }
    }
  }

  @Test
  @Order(2)
  void shouldFilterListingsBySectorStageAndCountry() {
    List<JsonNode> all = list("/listings");
    Set<String> allIds = ids(all);

    // sector: exactly the listings of that sector
    for (String sector : all.stream().map(l -> l.get("sector").asString()).distinct().toList()) {
      List<JsonNode> filtered = list("/listings?sector=" + sector);
      Set<String> expected = new HashSet<>();
      all.stream()
          .filter(l -> l.get("sector").asString().equals(sector))
          .forEach(l -> expected.add(l.get("id").asString()));
      assertThat(ids(filtered)).as("sector=" + sector).isEqualTo(expected);
    }

    // stage: every active listing has exactly one stage, so the stages partition the list
    List<String> byStage = new ArrayList<>();
    for (String stage : STAGES) {
      Set<String> stageIds = ids(list("/listings?stage=" + stage));
      assertThat(allIds).as("stage=" + stage).containsAll(stageIds);
      byStage.addAll(stageIds);
    }
    assertThat(byStage).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(allIds);
    assertThat(STAGES.stream().filter(s -> !list("/listings?stage=" + s).isEmpty()).count())
        .as("demo data spans several stages")
        .isGreaterThan(1);

    // country: a filter that narrows, and two countries never share a listing
    Set<String> germany = ids(list("/listings?country=DE"));
    Set<String> spain = ids(list("/listings?country=ES"));
    assertThat(germany).isNotEmpty();
    assertThat(allIds).containsAll(germany).containsAll(spain);
    assertThat(germany.size()).isLessThan(allIds.size());
    assertThat(germany).doesNotContainAnyElementsOf(spain);

    // and the detail (which carries stage and country) agrees with the filters
    for (String id : ids(list("/listings?stage=seed"))) {
      assertThat(detail(id).get("stage").asString()).isEqualTo("seed");
    }
    for (String id : germany) {
      assertThat(detail(id).get("country").asString()).isEqualTo("DE");
    }

    // combined: the intersection
    String sector =
        all.stream()
            .filter(l -> germany.contains(l.get("id").asString()))
            .findFirst()
            .orElseThrow()
            .get("sector")
            .asString();
    Set<String> combined = ids(list("/listings?sector=" + sector + "&country=DE"));
    assertThat(combined).isNotEmpty().isSubsetOf(germany);
    assertThat(combined).isSubsetOf(ids(list("/listings?sector=" + sector)));
  }

  @Test
  @Order(3)
  void shouldShowOneListingsDetailWithExactlyTheSpecFields() {
    JsonNode summary = list("/listings").get(0);

    HttpResponse<String> response =
        gateway.get("/listings/" + summary.get("id").asString(), investorToken());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode detail = json.readTree(response.body());
    assertThat(fieldNames(detail))
        .containsAll(DETAIL_FIELDS)
        .isSubsetOf(union(DETAIL_FIELDS, DETAIL_ADDITIONS));
    assertThat(detail.get("id").asString()).isEqualTo(summary.get("id").asString());
    assertThat(detail.get("name").asString()).isEqualTo(summary.get("name").asString());
    assertThat(detail.get("sector").asString()).isEqualTo(summary.get("sector").asString());
    for (String text : List.of("description", "problem", "solution")) {
      assertThat(detail.get(text).asString()).as(text).isNotBlank();
    }
    assertThat(detail.get("team").size()).isPositive();
    for (JsonNode member : detail.get("team")) {
      assertThat(fieldNames(member)).isEqualTo(Set.of("name", "role"));
    }
    assertThat(fieldNames(detail.get("tokenomics")))
        .isEqualTo(Set.of("tokenSupply", "tokenPrice", "valuation"));
    assertThat(detail.get("tokenomics").get("tokenPrice").isNumber()).isTrue();
    assertThat(detail.get("documents").size()).isPositive();
    for (JsonNode document : detail.get("documents")) {
      assertThat(fieldNames(document)).isEqualTo(Set.of("title", "url"));
      assertThat(document.get("url").asString()).startsWith("http");
    }
  }

  @Test
  @Order(4)
  void shouldRefuseMissingTamperedAndForeignTokensWith401Problem() throws Exception {
    // no token
    expectProblem(gateway.get("/listings", null), 401, "unauthenticated");

    // tampered: the investor's own token, payload changed to claim the operator role
    String real = investorToken();
    String escalated = ForgedTokens.payloadOf(real).replace("\"investor\"", "\"operator\"");
    assertThat(escalated).contains("operator");
    expectProblem(
        gateway.get("/listings", ForgedTokens.withPayload(real, escalated)), 401, "invalid-token");
    expectProblem(
        gateway.get("/compliance/reviews", ForgedTokens.withPayload(real, escalated)),
        401,
        "invalid-token");

    // signed by another key, under the kid of identity-service's published key
    HttpResponse<String> jwks = gateway.get("/.well-known/jwks.json", null);
    assertThat(jwks.statusCode()).isEqualTo(200);
    var published = JWKSet.parse(jwks.body()).getKeys().get(0);
    String foreign = ForgedTokens.signedByOtherKey(published, ISSUER, AUDIENCE, investorId);
    expectProblem(gateway.get("/listings", foreign), 401, "invalid-token");
  }

  @Test
  @Order(5)
  void shouldRefuseARoleTheMatrixDoesNotAllowWith403Problem() {
    // an investor may not read the compliance review queue
    expectProblem(gateway.get("/compliance/reviews", investorToken()), 403, "forbidden");
  }

  @Test
  @Order(6)
  void shouldAnswer404ProblemForUnknownPathsAndListings() {
    String token = investorToken();
    expectProblem(gateway.get("/no-such-resource", token), 404, "not-found");
    HttpResponse<String> unknownListing = gateway.get("/listings/" + UUID.randomUUID(), token);
    assertThat(unknownListing.statusCode()).isEqualTo(404);
    assertThat(unknownListing.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
  }

  @Test
  @Order(7)
  void shouldGiveNoBusinessResponseToPlainHttp() throws IOException {
    String request =
        "GET /listings HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
            + investorToken()
            + "\r\nConnection: close\r\n\r\n";
    String answer;
    int port = Integer.parseInt(platform.gatewayUrl().replaceAll(".*:", ""));
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      answer = readWhatComes(socket.getInputStream());
    }
    assertThat(answer).doesNotContain("HTTP/1.1 2").doesNotContain("\"tokenPrice\"");
  }

  @Test
  @Order(8)
  void shouldRefuseAnExpiredTokenWith401Problem() throws InterruptedException {
    // given a real token issued by identity-service at start, now past its 20 s lifetime
    Duration age = Duration.between(tokenThatWillExpireIssuedAt, Instant.now());
    Duration wait = TOKEN_LIFETIME.plusSeconds(2).minus(age);
    if (!wait.isNegative()) {
      Thread.sleep(wait.toMillis());
    }

    // when / then
    expectProblem(gateway.get("/listings", tokenThatWillExpire), 401, "invalid-token");
    assertThat(gateway.get("/listings", investorToken()).statusCode()).isEqualTo(200);
  }

  @Test
  @Order(9)
  void shouldFillAnApprovedInvestorsBuyFromTheIssuerAndShowItInThePortfolio()
      throws InterruptedException {
    // given the demo investor whose KYC compliance approved, with a key of their own
    String key = apiKeyFor(DEMO_INVESTOR, "investor");
    String secret = key.substring(key.indexOf(' ') + 1);
    String apiKey = key.substring(0, key.indexOf(' '));
    // and the demo window that is open now, with the issuer's offers resting in it
    JsonNode window =
        eventually(
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
    String tokenId = window.get("tokenIds").get(0).asString();
    JsonNode token =
        json.readTree(gateway.get("/tokens/" + tokenId, tokenOf(apiKey, secret)).body());
    BigDecimal limit =
        token
            .get("price")
            .decimalValue()
            .multiply(BigDecimal.valueOf(2))
            .setScale(2, RoundingMode.DOWN);
    // and a webhook subscription of theirs for window openings and trades
    String whsec =
        subscribe(tokenOf(apiKey, secret), receiver.url(), "window.opened", "trade.executed");
    // and an operator's window on a token that is free now, opening in a few seconds
    String windowOpened = scheduleShortWindowOnAFreeToken(tokenOf(apiKey, secret));

    // when they buy 10 (retried while trading still applies the demo facts: gates answer 403)
    String order =
        "{\"tokenId\":\""
            + tokenId
            + "\",\"type\":\"buy\",\"quantity\":10,\"maxPrice\":"
            + limit.toPlainString()
            + "}";
    JsonNode accepted =
        eventually(
            () -> {
              HttpResponse<String> r = gateway.postJson("/trade", tokenOf(apiKey, secret), order);
              if (r.statusCode() == 403) {
                // kept as the last failure, so a gate that never opens names itself
                throw new AssertionError("still refused: " + r.body());
              }
              assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
              return json.readTree(r.body());
            });
    String tradeId = accepted.get("tradeId").asString();
    assertThat(accepted.get("windowId").asString()).isEqualTo(window.get("id").asString());

    // then the order is filled at the issuer's price, at most the limit
    JsonNode filled =
        eventually(
            () -> {
              JsonNode s =
                  json.readTree(
                      gateway.get("/trade/status/" + tradeId, tokenOf(apiKey, secret)).body());
              return "filled".equals(s.get("status").asString()) ? s : null;
            });
    assertThat(filled.get("filledQuantity").decimalValue()).isEqualByComparingTo("10");
    assertThat(filled.get("averagePrice").decimalValue()).isLessThanOrEqualTo(limit);
    assertThat(filled.get("fills")).hasSize(1);

    // and the transactions list the purchase from the issuer, with the matcher's trade id
    String matchedTrade = filled.get("fills").get(0).get("tradeId").asString();
    JsonNode purchase =
        eventually(
            () -> {
              for (JsonNode t : transactions(tokenOf(apiKey, secret), tokenId)) {
                if (matchedTrade.equals(t.get("tradeId").asString())) {
                  return t;
                }
              }
              return null;
            });
    assertThat(purchase.get("type").asString()).isEqualTo("purchase");
    assertThat(purchase.get("quantity").decimalValue()).isEqualByComparingTo("10");
    assertThat(purchase.get("price").decimalValue())
        .isEqualByComparingTo(filled.get("averagePrice").decimalValue());

    // and the buyer paid exactly the fill from its cash, and the issuer received it (no fee is
    // configured locally): both legs of the same trade id, once each
    BigDecimal paid =
        filled
            .get("fills")
            .get(0)
            .get("price")
            .decimalValue()
            .multiply(filled.get("fills").get(0).get("quantity").decimalValue());
    JsonNode bought =
        eventually(
            () -> cashLine(tokenOf(apiKey, secret), "/cash/transactions?type=buy", matchedTrade));
    assertThat(bought.get("amount").decimalValue()).isEqualByComparingTo(paid.negate());
    assertThat(bought.get("currency").asString()).isEqualTo("USD");
    String operatorToken =
        token("demo-operator", "demo-operator-secret-change-me").get("accessToken").asString();
    JsonNode sold =
        eventually(
            () ->
                cashLine(
                    operatorToken,
                    "/cash/accounts/" + DEMO_ISSUER + "/transactions?type=sell",
                    matchedTrade));
    assertThat(sold.get("amount").decimalValue()).isEqualByComparingTo(paid);
    JsonNode orderCash =
        json.readTree(gateway.get("/trade/status/" + tradeId, tokenOf(apiKey, secret)).body())
            .get("cash");
    assertThat(orderCash.get("spent").decimalValue()).isEqualByComparingTo(paid);
    JsonNode books = json.readTree(gateway.get("/cash/summary", operatorToken).body());
    assertThat(books.get("balanced").asBoolean()).as(books.toString()).isTrue();
    // and a buy beyond the available cash is refused at once, naming the cash reason
    HttpResponse<String> unfunded =
        gateway.postJson(
            "/trade",
            tokenOf(apiKey, secret),
            "{\"tokenId\":\""
                + tokenId
                + "\",\"type\":\"buy\",\"quantity\":400000,\"maxPrice\":"
                + limit.toPlainString()
                + "}");
    assertThat(unfunded.statusCode()).as(unfunded.body()).isEqualTo(422);
    assertThat(json.readTree(unfunded.body()).get("code").asString())
        .isEqualTo("insufficient-funds");

    // and the portfolio, built from trading's events, holds what the transactions add up to
    // (the demo market's earlier purchases arrive meanwhile, so no "before" is taken)
    BigDecimal held =
        eventually(
            () -> {
              BigDecimal h = holding(tokenOf(apiKey, secret), tokenId);
              BigDecimal sum = BigDecimal.ZERO;
              for (JsonNode t : transactions(tokenOf(apiKey, secret), tokenId)) {
                sum = sum.add(signed(t));
              }
              return h.compareTo(sum) == 0 && h.compareTo(BigDecimal.TEN) >= 0 ? h : null;
            });

    // and the valuation history has a point for it, holding the new quantity
    Instant executedAt = Instant.parse(filled.get("fills").get(0).get("executedAt").asString());
    HttpResponse<String> history =
        gateway.get(
            "/investor/valuation-history?interval=event&from="
                + executedAt.minusSeconds(60)
                + "&to="
                + Instant.now().plusSeconds(60),
            tokenOf(apiKey, secret));
    assertThat(history.statusCode()).as(history.body()).isEqualTo(200);
    boolean pointWithPurchase = false;
    for (JsonNode point : json.readTree(history.body()).get("points")) {
      for (JsonNode h : point.get("holdings")) {
        if (tokenId.equals(h.get("tokenId").asString())
            && h.get("quantity").decimalValue().compareTo(BigDecimal.TEN) >= 0
            && !Instant.parse(point.get("at").asString()).isBefore(executedAt)) {
          pointWithPurchase = true;
        }
      }
    }
    assertThat(pointWithPurchase).as(history.body()).isTrue();

    // and the receiver got both events, signed and verifiable with the Standard Webhooks library
    JsonNode trade = awaitDelivery("trade.executed", "tradeId", matchedTrade, whsec);
    assertThat(trade.get("data").has("buyerId")).as("the buyer is not disclosed").isFalse();
    assertThat(trade.get("data").has("sellerId")).as("the seller is not disclosed").isFalse();
    awaitDelivery("window.opened", "windowId", windowOpened, whsec);

    // and another investor does not see the order
    assertThat(gateway.get("/trade/status/" + tradeId, investorToken()).statusCode())
        .isEqualTo(404);
  }

  /** The caller's (or, for an operator, the account's) cash line of one trade, or null. */
  private JsonNode cashLine(String bearer, String path, String tradeId) {
    HttpResponse<String> r = gateway.get(path + "&limit=100", bearer);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    for (JsonNode line : json.readTree(r.body())) {
      if (tradeId.equals(line.path("tradeId").asString(null))) {
        return line;
      }
    }
    return null;
  }

  @Test
  @Order(11)
  void shouldCarryAnInvestorsBuyToFillAndAPartnersVerifiedDeliveryThroughTheJavaSdk()
      throws Exception {
    // given the official Java SDK, configured with nothing but API keys: it fetches and renews the
    // 20-second tokens, puts an Idempotency-Key on each POST and retries 429/503 by itself
    String investorKey = apiKeyFor(DEMO_INVESTOR, "investor");
    Equitoken investor = sdk(investorKey);
    String partnerKey = apiKeyFor("partner-e2e-" + UUID.randomUUID(), "partner");
    Equitoken partner = sdk(partnerKey);

    // and a partner's subscription, made and tested through the SDK
    WebhookSubscriptionCreated subscription =
        partner
            .api(WebhookSubscriptionsApi::new)
            .createWebhookSubscription(
                new WebhookSubscriptionCreate()
                    .url(receiver.url())
                    .eventTypes(List.of("trade.executed", "window.opened"))
                    .description("sdk e2e"),
                null);
    assertThat(subscription.getSecret()).startsWith("whsec_");
    partner.api(WebhookDeliveriesApi::new).testWebhookSubscription(subscription.getId());

    // when the investor buys 10 in an open window through the SDK
    LiquidityWindow window =
        eventually(
            () ->
                Pages.all(
                        cursor ->
                            investor
                                .api(LiquidityWindowsApi::new)
                                .listLiquidityWindowsWithHttpInfo(
                                    WindowStatus.OPEN, null, null, null, 100, cursor))
                    .filter(w -> !w.getTokenIds().isEmpty())
                    .findFirst()
                    .orElse(null));
    String tokenId = window.getTokenIds().get(0);
    BigDecimal limit =
        investor
            .api(EquityTokensApi::new)
            .getToken(tokenId)
            .getPrice()
            .multiply(BigDecimal.valueOf(2))
            .setScale(2, RoundingMode.DOWN);
    OrderAccepted accepted =
        investor
            .api(OrdersApi::new)
            .placeOrder(
                new TradeOrder()
                    .tokenId(tokenId)
                    .type(TradeOrder.TypeEnum.BUY)
                    .quantity(BigDecimal.TEN)
                    .maxPrice(limit),
                null);

    // then it fills, as the SDK reads it
    OrderState filled =
        eventually(
            () -> {
              OrderState s =
                  investor.api(OrdersApi::new).getOrderStatus(accepted.getTradeId().toString());
              return s.getStatus() == OrderStatus.FILLED ? s : null;
            });
    assertThat(filled.getFilledQuantity()).isEqualByComparingTo("10");
    String execution = filled.getFills().get(0).getTradeId();

    // and the partner's receiver got the test delivery and the public trade, both verified by the
    // SDK's Standard Webhooks verifier with the subscription's secret
    Webhooks webhooks = new Webhooks(subscription.getSecret());
    Webhooks.Event test = awaitVerified(webhooks, "webhook.test", null, null);
    assertThat(test.data().get("subscriptionId").asText())
        .isEqualTo(subscription.getId().toString());
    Webhooks.Event trade = awaitVerified(webhooks, "trade.executed", "tradeId", execution);
    assertThat(trade.data(WebhookTradeExecutedData.class).getQuantity()).isEqualByComparingTo("10");
    assertThat(trade.data().has("buyerId")).as("the buyer is not disclosed").isFalse();
  }

  @Test
  @Order(12)
  void shouldCarryTheSameJourneyThroughTheTypeScriptSdk() throws Exception {
    // given the official TypeScript SDK's journey script, built by ./mvnw verify, with nothing but
    // two API keys and the gateway's certificate
    Path journey = Path.of("..", "sdk", "typescript", "dist", "e2e", "journey.js");
    assertThat(journey).as("built by the sdk/typescript module").exists();
    String investorKey = apiKeyFor(DEMO_INVESTOR, "investor");
    String partnerKey = apiKeyFor("partner-ts-e2e-" + UUID.randomUUID(), "partner");
    ProcessBuilder node = new ProcessBuilder("node", journey.toString());
    Map<String, String> env = node.environment();
    env.put("EQUITOKEN_URL", platform.gatewayUrl());
    env.put("NODE_EXTRA_CA_CERTS", platform.gatewayCertificate().toString());
    env.put("INVESTOR_API_KEY", investorKey.substring(0, investorKey.indexOf(' ')));
    env.put("INVESTOR_SECRET", investorKey.substring(investorKey.indexOf(' ') + 1));
    env.put("PARTNER_API_KEY", partnerKey.substring(0, partnerKey.indexOf(' ')));
    env.put("PARTNER_SECRET", partnerKey.substring(partnerKey.indexOf(' ') + 1));
    Path errors = Files.createTempFile("typescript-journey", ".log");
    node.redirectError(errors.toFile());

    // when it runs (bounded: its own waits give up after 90 seconds each)
    Process run = node.start();
    String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean ended = run.waitFor(4, java.util.concurrent.TimeUnit.MINUTES);
    if (!ended) {
      run.destroyForcibly();
    }
    String stderr = Files.readString(errors);
    Files.deleteIfExists(errors);

    // then the investor's buy filled and the partner's delivery of it verified
    assertThat(ended).as("the journey ended: " + stderr).isTrue();
    assertThat(run.exitValue()).as(stderr).isZero();
    JsonNode seen = json.readTree(out.strip());
    assertThat(seen.get("status").asString()).isEqualTo("filled");
    assertThat(seen.get("filledQuantity").decimalValue()).isEqualByComparingTo("10");
    assertThat(seen.get("verifiedType").asString()).isEqualTo("trade.executed");
    assertThat(seen.get("verifiedQuantity").decimalValue()).isEqualByComparingTo("10");
    // and the execution it verified is the investor's own fill, as the API reads it
    String bearer =
        tokenOf(
            investorKey.substring(0, investorKey.indexOf(' ')),
            investorKey.substring(investorKey.indexOf(' ') + 1));
    HttpResponse<String> status =
        gateway.get("/trade/status/" + seen.get("orderId").asString(), bearer);
    assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
    assertThat(json.readTree(status.body()).get("fills").get(0).get("tradeId").asString())
        .isEqualTo(seen.get("executionId").asString());
  }

  /** The SDK for "{apiKey} {secret}", trusting the gateway's generated certificate. */
  private Equitoken sdk(String keyAndSecret) {
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

  /**
   * The first delivery of {@code type} (whose data's {@code field} is {@code value}) that verifies
   * with {@code webhooks}' secret: the receiver is shared with an earlier test's subscription,
   * whose deliveries of the same public event are signed with another secret.
   */
  private Webhooks.Event awaitVerified(Webhooks webhooks, String type, String field, String value)
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

  /** Creates a webhook subscription as the caller; answers its signing secret. */
  private String subscribe(String bearer, String url, String... eventTypes) {
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
   * As the demo operator, a continuous window opening in 20 seconds for three minutes, on a token
   * of the demo market that no window covers now; answers its id.
   */
  private String scheduleShortWindowOnAFreeToken(String bearer) {
    HttpResponse<String> all = gateway.get("/liquidity/windows?status=scheduled", bearer);
    assertThat(all.statusCode()).as(all.body()).isEqualTo(200);
    String token = null;
    for (JsonNode w : json.readTree(all.body())) {
      if (!w.get("tokenIds").isEmpty()) {
        token = w.get("tokenIds").get(0).asString();
      }
    }
    assertThat(token).as("a demo token whose window is later: " + all.body()).isNotNull();
    // far enough ahead that a slow, loaded machine still schedules it in the future
    Instant opens =
        Instant.now().plusSeconds(20).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    HttpResponse<String> created =
        gateway.postJson(
            "/liquidity/windows",
            token("demo-operator", "demo-operator-secret-change-me").get("accessToken").asString(),
            "{\"tokenIds\":[\""
                + token
                + "\"],\"mechanism\":\"continuous\",\"opens\":\""
                + opens
                + "\",\"closes\":\""
                + opens.plus(Duration.ofMinutes(3))
                + "\"}",
            Map.of("traceparent", "00-" + windowTrace + "-" + randomHex(8) + "-01"));
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    windowScheduled = true;
    return json.readTree(created.body()).get("id").asString();
  }

  @Test
  @Order(10)
  void shouldFollowOneTraceFromAGatewayRequestToTheConsumersOfItsEvent()
      throws InterruptedException {
    // given the operator's request that scheduled a window in test 9, sent in a trace of the
    // client's own (a sampled W3C traceparent)
    assertThat(windowScheduled).as("test 9 scheduled its window").isTrue();

    // then that one trace id reached the gateway, trading-service (which wrote window.scheduled
    // to its outbox and relayed it with the trace's traceparent header) and both consumers of
    // trading.events.v1, each of which exported a span of it over OTLP
    for (String service :
        List.of("gateway", "trading-service", "portfolio-service", "webhook-service")) {
      eventually(
          () -> {
            assertThat(traces.sawSpan(service, windowTrace))
                .as("a span of %s in trace %s", service, windowTrace)
                .isTrue();
            return service;
          });
    }
  }

  private static String randomHex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    random[0] |= 1; // never all zero, which W3C trace context forbids
    return HexFormat.of().formatHex(random);
  }

  /** Waits for a delivery of {@code type} whose data has {@code field} = {@code value}. */
  private JsonNode awaitDelivery(String type, String field, String value, String secret)
      throws InterruptedException {
    WebhookReceiver.Received delivery =
        eventually(
            () -> {
              for (WebhookReceiver.Received r : receiver.received()) {
                JsonNode body = json.readTree(r.body());
                if (type.equals(body.get("type").asString())
                    && value.equals(body.get("data").get(field).asString())) {
                  return r;
                }
              }
              return null;
            });
    assertThat(delivery.verifiesWith(secret)).as("signature of " + delivery.id()).isTrue();
    assertThat(receiver.received().stream().filter(r -> r.id().equals(delivery.id())))
        .as("delivered once per webhook-id")
        .hasSize(1);
    return json.readTree(delivery.body());
  }

  /** An API key for {@code principalId}, made by the demo operator: "{apiKey} {secret}". */
  private String apiKeyFor(String principalId, String role) {
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

  private String tokenOf(String apiKey, String secret) {
    return token(apiKey, secret).get("accessToken").asString();
  }

  /** The caller's transactions in {@code tokenId} (first page, newest first). */
  private List<JsonNode> transactions(String bearer, String tokenId) {
    HttpResponse<String> r =
        gateway.get("/investor/transactions?limit=100&tokenId=" + tokenId, bearer);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    json.readTree(r.body()).forEach(items::add);
    return items;
  }

  /** What a transaction adds to the holding. */
  private static BigDecimal signed(JsonNode t) {
    BigDecimal q = t.get("quantity").decimalValue();
    String type = t.get("type").asString();
    boolean out =
        type.equals("sale")
            || type.equals("transfer_out")
            || (type.equals("trade") && "sell".equals(t.path("side").asString()));
    return out ? q.negate() : q;
  }

  /** The quantity of {@code tokenId} in the caller's portfolio, zero when none. */
  private BigDecimal holding(String bearer, String tokenId) {
    HttpResponse<String> r = gateway.get("/investor/portfolio", bearer);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    for (JsonNode h : json.readTree(r.body()).get("holdings")) {
      if (tokenId.equals(h.get("tokenId").asString())) {
        return h.get("quantity").decimalValue();
      }
    }
    return BigDecimal.ZERO;
  }

  /** Polls (bounded by {@link #SETTLE}) until {@code probe} answers non-null. */
  private <T> T eventually(Callable<T> probe) throws InterruptedException {
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

  private void expectProblem(HttpResponse<String> response, int status, String code) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    JsonNode problem = json.readTree(response.body());
    assertThat(problem.get("status").asInt()).isEqualTo(status);
    assertThat(problem.get("code").asString()).isEqualTo(code);
    assertThat(problem.get("type").asString()).endsWith("/" + code);
  }

  private List<JsonNode> list(String path) {
    HttpResponse<String> response = gateway.get(path, investorToken());
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    json.readTree(response.body()).forEach(items::add);
    return items;
  }

  private JsonNode detail(String id) {
    HttpResponse<String> response = gateway.get("/listings/" + id, investorToken());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json.readTree(response.body());
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new HashSet<>(a);
    all.addAll(b);
    return all;
  }

  private static Set<String> ids(List<JsonNode> listings) {
    Set<String> ids = new HashSet<>();
    listings.forEach(l -> ids.add(l.get("id").asString()));
    return ids;
  }

  @SuppressWarnings("unchecked")
  private Set<String> fieldNames(JsonNode node) {
    return json.convertValue(node, Map.class).keySet();
  }

  private static String readWhatComes(InputStream in) throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    try {
      int read;
      while ((read = in.read(chunk)) != -1) {
        buffer.write(chunk, 0, read);
      }
    } catch (SocketTimeoutException | SocketException closedOrSilent) {
      // a TLS server closes or ignores clear text; either way no HTTP answer
    }
    return buffer.toString(StandardCharsets.ISO_8859_1);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
