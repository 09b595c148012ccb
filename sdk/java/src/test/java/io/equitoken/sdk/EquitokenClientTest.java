package io.equitoken.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.sdk.api.ListingsApi;
import io.equitoken.sdk.api.OrdersApi;
import io.equitoken.sdk.model.ListingSummary;
import io.equitoken.sdk.model.TradeOrder;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The hand-written layer against a stub of the API on loopback. */
class EquitokenClientTest {

  private static final String LISTING =
      "{\"id\":\"%s\",\"name\":\"Nova\",\"sector\":\"fintech\",\"stage\":\"seed\",\"country\":\"LU\","
          + "\"status\":\"active\",\"raiseTarget\":1000,\"someFutureMember\":true}";

  @Test
  void shouldFetchATokenOnceAndRenewItAfterA401() throws Exception {
    AtomicInteger issued = new AtomicInteger();
    try (StubServer api =
        new StubServer(
            r ->
                switch (r.path()) {
                  case "/auth/token" ->
                      StubServer.Answer.json(
                          200,
                          "{\"accessToken\":\"t"
                              + issued.incrementAndGet()
                              + "\",\"tokenType\":\"Bearer\",\"expiresIn\":3600}");
                  // the first token was revoked meanwhile
                  default ->
                      "Bearer t1".equals(r.header("Authorization"))
                          ? StubServer.Answer.json(401, "{\"code\":\"invalid-token\"}")
                          : StubServer.Answer.json(200, "[]");
                })) {
      ListingsApi listings = client(api, Clock.systemUTC()).api(ListingsApi::new);

      listings.listListings(null, null, null, null, null);
      listings.listListings(null, null, null, null, null);

      assertThat(api.to("/auth/token")).hasSize(2);
      assertThat(api.to("/listings"))
          .extracting(r -> r.header("Authorization"))
          .containsExactly("Bearer t1", "Bearer t2", "Bearer t2");
    }
  }

  @Test
  void shouldRenewATokenBeforeItExpires() throws Exception {
    MutableClock clock = new MutableClock();
    AtomicInteger issued = new AtomicInteger();
    try (StubServer api =
        new StubServer(
            r ->
                r.path().equals("/auth/token")
                    ? StubServer.Answer.json(
                        200,
                        "{\"accessToken\":\"t" + issued.incrementAndGet() + "\",\"expiresIn\":300}")
                    : StubServer.Answer.json(200, "[]"))) {
      ListingsApi listings = client(api, clock).api(ListingsApi::new);

      listings.listListings(null, null, null, null, null);
      clock.advance(Duration.ofSeconds(200)); // still 100 s left: kept
      listings.listListings(null, null, null, null, null);
      clock.advance(Duration.ofSeconds(50)); // 50 s left, under a minute: renewed
      listings.listListings(null, null, null, null, null);

      assertThat(api.to("/listings"))
          .extracting(r -> r.header("Authorization"))
          .containsExactly("Bearer t1", "Bearer t1", "Bearer t2");
    }
  }

  @Test
  void shouldPutOneIdempotencyKeyOnAPostAndKeepItAcrossRetries() throws Exception {
    AtomicInteger orders = new AtomicInteger();
    try (StubServer api =
        new StubServer(
            r ->
                switch (r.path()) {
                  case "/auth/token" ->
                      StubServer.Answer.json(200, "{\"accessToken\":\"t\",\"expiresIn\":3600}");
                  case "/trade" ->
                      orders.incrementAndGet() == 1
                          ? new StubServer.Answer(
                              503, Map.of("Retry-After", "0"), "{\"code\":\"service-unavailable\"}")
                          : StubServer.Answer.json(
                              202,
                              "{\"tradeId\":\"3a000000-0000-4000-8000-000000000001\",\"status\":\"pending\"}");
                  default -> StubServer.Answer.json(200, "[]");
                })) {
      Equitoken equitoken = client(api, Clock.systemUTC());

      equitoken
          .api(OrdersApi::new)
          .placeOrder(
              new TradeOrder()
                  .tokenId("tok-1")
                  .type(TradeOrder.TypeEnum.BUY)
                  .quantity(new BigDecimal("10"))
                  .maxPrice(new BigDecimal("2.5")),
              null);
      equitoken.api(ListingsApi::new).listListings(null, null, null, null, null);

      List<StubServer.Seen> posts = api.to("/trade");
      assertThat(posts).hasSize(2);
      String key = posts.get(0).header("Idempotency-Key");
      assertThat(key).isNotBlank();
      assertThat(posts.get(1).header("Idempotency-Key")).isEqualTo(key);
      assertThat(api.to("/listings").get(0).header("Idempotency-Key")).isNull();
      assertThat(api.to("/auth/token").get(0).header("Idempotency-Key")).isNull();
    }
  }

  @Test
  void shouldKeepTheCallersOwnIdempotencyKey() throws Exception {
    try (StubServer api =
        new StubServer(
            r ->
                r.path().equals("/auth/token")
                    ? StubServer.Answer.json(200, "{\"accessToken\":\"t\",\"expiresIn\":3600}")
                    : StubServer.Answer.json(202, "{\"status\":\"pending\"}"))) {
      client(api, Clock.systemUTC())
          .api(OrdersApi::new)
          .placeOrder(
              new TradeOrder()
                  .tokenId("tok-1")
                  .type(TradeOrder.TypeEnum.SELL)
                  .quantity(BigDecimal.ONE)
                  .maxPrice(BigDecimal.ONE),
              "mine-1");

      assertThat(api.to("/trade").get(0).header("Idempotency-Key")).isEqualTo("mine-1");
    }
  }

  @Test
  void shouldWaitWhatRetryAfterSaysAndGiveUpAfterTheLastAttempt() throws Exception {
    try (StubServer api =
        new StubServer(
            r ->
                new StubServer.Answer(
                    429, Map.of("Retry-After", "7"), "{\"code\":\"rate-limited\"}"))) {
      List<Duration> waits = new ArrayList<>();
      HttpClient http =
          new EquitokenHttpClient(
              HttpClient.newHttpClient(), null, 3, Duration.ofSeconds(5), waits::add);

      HttpResponse<String> answer =
          http.send(
              HttpRequest.newBuilder(api.uri().resolve("/listings")).GET().build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(answer.statusCode()).isEqualTo(429);
      assertThat(api.seen).hasSize(3);
      // Retry-After 7 s, capped at the 5 s the caller allows
      assertThat(waits).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(5));
    }
  }

  @Test
  void shouldStreamEveryPageByFollowingLink() throws Exception {
    try (StubServer api =
        new StubServer(
            r -> {
              if (r.path().equals("/auth/token")) {
                return StubServer.Answer.json(200, "{\"accessToken\":\"t\",\"expiresIn\":3600}");
              }
              String query = r.query() == null ? "" : r.query();
              if (!query.contains("cursor=")) {
                return new StubServer.Answer(
                    200,
                    Map.of("Link", "</listings?limit=2&cursor=c2>; rel=\"next\""),
                    "[" + LISTING.formatted("a") + "," + LISTING.formatted("b") + "]");
              }
              return StubServer.Answer.json(200, "[" + LISTING.formatted("c") + "]");
            })) {
      ListingsApi listings = client(api, Clock.systemUTC()).api(ListingsApi::new);

      List<String> ids =
          Pages.all(cursor -> listings.listListingsWithHttpInfo(null, null, null, 2, cursor))
              .map(ListingSummary::getId)
              .toList();

      assertThat(ids).containsExactly("a", "b", "c");
      assertThat(api.to("/listings").get(1).query()).contains("cursor=c2");
    }
  }

  @Test
  void shouldReadTheNextCursorOfALinkHeader() {
    assertThat(Pages.nextCursor(List.of("</trade?cursor=abc%3D&limit=5>; rel=\"next\"")))
        .contains("abc=");
    assertThat(Pages.nextCursor(List.of("</trade?cursor=abc>; rel=\"prev\""))).isEmpty();
    assertThat(Pages.nextCursor(null)).isEmpty();
  }

  private static Equitoken client(StubServer api, Clock clock) {
    return Equitoken.builder()
        .baseUri(api.uri())
        .apiKey("key-1", "secret-1")
        .retries(3, Duration.ofSeconds(1))
        .clock(clock)
        .build();
  }

  static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-11-20T10:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
