package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Facts other services (and the matcher) would publish, sent to the real broker as CloudEvents, and
 * waits until the service has applied them; the set-up steps the tests share (a tradable token, an
 * approved and funded investor, an open window, resting orders) and the waits for what the matcher
 * decides.
 */
public final class Fixtures {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** How long an order's way through the embedded matcher may take on a busy build machine. */
  public static final Duration MATCHED = Duration.ofSeconds(90);

  private final KafkaTemplate<String, String> kafka;
  private final DatabaseClient db;
  private final MutableClock clock;
  private final Api api;
  private final IntSupplier tick;

  Fixtures(
      KafkaTemplate<String, String> kafka,
      DatabaseClient db,
      MutableClock clock,
      Api api,
      IntSupplier tick) {
    this.kafka = kafka;
    this.db = db;
    this.clock = clock;
    this.api = api;
    this.tick = tick;
  }

  public String send(String topic, String key, String type, Object data) {
    String id = UUID.randomUUID().toString();
    return send(topic, key, id, type, data);
  }

  public String send(String topic, String key, String id, String type, Object data) {
    EventEnvelope event =
        new EventEnvelope(
            id,
            type,
            "/test",
            key,
            Instant.now().truncatedTo(ChronoUnit.MILLIS),
            key,
            JSON.writeValueAsString(data));
    try {
      kafka.send(CloudEvents.toRecord(topic, event)).get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("Could not send the test event", e);
    }
    return id;
  }

  /** A token issued by {@code issuerId} whose listing is active; answers the token id. */
  public String tradableToken(String issuerId) {
    String listingId = UUID.randomUUID().toString();
    String tokenId = UUID.randomUUID().toString();
    Instant at = clock.instant();
    send(
        "listings.events.v1",
        listingId,
        "equitoken.listings.token.issued.v1",
        Map.of(
            "listingId",
            listingId,
            "tokenId",
            tokenId,
            "isin",
            "LU0000000000",
            "tokenName",
            "Test token",
            "supply",
            1000000,
            "price",
            2.5,
            "issuerPrincipalId",
            issuerId,
            "issuedBy",
            issuerId,
            "issuedAt",
            at.toString()));
    send(
        "listings.events.v1",
        listingId,
        "equitoken.listings.listing.published.v1",
        Map.of(
            "listingId",
            listingId,
            "founderId",
            issuerId,
            "tokenId",
            tokenId,
            "status",
            "active",
            "publishedAt",
            at.toString()));
    awaitRows("select count(*) from listing_state where listing_id = '" + listingId + "'", 1);
    awaitRows("select count(*) from token where token_id = '" + tokenId + "'", 1);
    return tokenId;
  }

  /** An investor with the given KYC state (approved: valid for a year); answers their id. */
  public String investor(String kycState, Instant expiresAt) {
    String investorId = "inv-" + UUID.randomUUID();
    kyc(investorId, kycState, expiresAt);
    return investorId;
  }

  /** An approved investor with {@link #FUNDING} of cash deposited. */
  public String approvedInvestor() {
    String investorId = unfundedInvestor();
    api.deposit(investorId, FUNDING);
    return investorId;
  }

  /** An approved investor without cash. */
  public String unfundedInvestor() {
    return investor("approved", clock.instant().plus(Duration.ofDays(365)));
  }

  /** What {@link #approvedInvestor()} deposits: enough for every order the tests place. */
  public static final java.math.BigDecimal FUNDING = new java.math.BigDecimal("100000000.00");

  public void kyc(String investorId, String kycState, Instant expiresAt) {
    kyc(investorId, kycState, expiresAt, "DE", false);
  }

  /** An approved, funded investor of the given KYC country and accreditation. */
  public String approvedInvestor(String country, boolean accredited) {
    String investorId = "inv-" + UUID.randomUUID();
    kyc(investorId, "approved", clock.instant().plus(Duration.ofDays(365)), country, accredited);
    api.deposit(investorId, FUNDING);
    return investorId;
  }

  public void kyc(
      String investorId, String kycState, Instant expiresAt, String country, boolean accredited) {
    Instant at = Instant.now();
    var data = new java.util.LinkedHashMap<String, Object>();
    data.put("investorId", investorId);
    data.put("submissionId", UUID.randomUUID().toString());
    data.put("kycState", kycState);
    data.put("accreditation", accredited ? "accredited" : "none");
    data.put("accreditationExpiresAt", accredited ? String.valueOf(expiresAt) : null);
    data.put("country", country);
    data.put("decidedAt", at.toString());
    data.put("expiresAt", expiresAt == null ? null : expiresAt.toString());
    data.put("changedAt", at.toString());
    send("compliance.events.v1", investorId, "equitoken.compliance.status.changed.v1", data);
    awaitRows(
        "select count(*) from kyc_standing where investor_id = '"
            + investorId
            + "' and kyc_state = '"
            + kycState
            + "'",
        1);
  }

  /** Schedules a continuous window on the tokens and moves the clock so that it opens. */
  public String openWindow(String... tokenIds) {
    Instant opens = clock.instant().plus(Duration.ofMinutes(1));
    String id =
        api.schedule(
            Api.window(List.of(tokenIds), "continuous", opens, opens.plus(Duration.ofHours(2))));
    clock.advance(Duration.ofMinutes(1).plusSeconds(1));
    tick.getAsInt();
    return id;
  }

  /** The issuer's sell and a funded investor's buy on the token's book, both awaited open. */
  public record Resting(String founder, String sell, String investor, String buy) {

    /** The investor's bearer token. */
    public String bearer() {
      return Api.investor(investor);
    }
  }

  /**
   * The issuer (its founder token) offers {@code sellQuantity} at {@code sellPrice}, then a new
   * approved, funded investor bids {@code buyQuantity} at {@code buyPrice}; both orders are open.
   */
  public Resting restingOrders(
      String issuer,
      String token,
      Object sellQuantity,
      Object sellPrice,
      Object buyQuantity,
      Object buyPrice) {
    String founder = Api.token(issuer, "founder");
    String sell = api.place(founder, Api.order(token, "sell", sellQuantity, sellPrice));
    String investor = approvedInvestor();
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", buyQuantity, buyPrice));
    awaitStatus(sell, founder, "open");
    awaitStatus(buy, Api.investor(investor), "open");
    return new Resting(founder, sell, investor, buy);
  }

  /** {@code GET /trade/status/{id}}, polled until the order is in {@code status}; answers it. */
  public JsonNode awaitStatus(String tradeId, String bearer, String status) {
    return awaitOrder(tradeId, bearer, status::equals);
  }

  /** {@code GET /trade/status/{id}}, polled until the matcher has decided (no longer pending). */
  public JsonNode awaitDecided(String tradeId, String bearer) {
    return awaitOrder(tradeId, bearer, status -> !"pending".equals(status));
  }

  private JsonNode awaitOrder(String tradeId, String bearer, Predicate<String> status) {
    JsonNode[] last = new JsonNode[1];
    await()
        .atMost(MATCHED)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              last[0] = api.get("/trade/status/" + tradeId, bearer);
              return status.test(last[0].get("status").asString());
            });
    return last[0];
  }

  /** Waits until nothing of the investor's cash is reserved any more. */
  public void awaitNothingReserved(String investor) {
    await()
        .atMost(MATCHED)
        .untilAsserted(
            () ->
                assertThat(api.cash(investor).get("reserved").decimalValue())
                    .isEqualByComparingTo("0"));
  }

  /** Waits until trading projects {@code quantity} of the token held by {@code owner}. */
  public void awaitHolding(String token, String owner, long quantity) {
    awaitRows(
        "select count(*) from holding_state where token_id = '"
            + token
            + "' and owner_id = '"
            + owner
            + "' and quantity = "
            + quantity,
        1);
  }

  public void awaitRows(String countSql, long expected) {
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> count(countSql) == expected);
  }

  public long count(String sql) {
    return db.sql(sql).map(row -> row.get(0, Long.class)).one().block(Duration.ofSeconds(10));
  }
}
