package io.equitoken.trading.service.it;

import static io.equitoken.platform.test.InputVocabulary.assertMistake;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.InputVocabulary;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The platform's one vocabulary of input mistakes (docs/conventions.md, "Input mistakes"), as
 * trading answers it on every list and body: a parameter not of its type, an empty or reversed
 * range, a bad {@code limit}, a foreign {@code cursor} and a body member of the wrong type or
 * outside its values each get the one code for that mistake, naming the {@code field}.
 */
class InputVocabularyIT extends TradingIntegrationTest {

  private static final String INVESTOR = "inv-vocabulary";
  private static final List<String> LISTS =
      List.of(
          "/trade",
          "/liquidity/windows",
          "/tokens/tok-vocabulary/price-history",
          "/cash/transactions",
          "/cash/accounts",
          "/cash/withdrawals");

  @Test
  void shouldAnswerAParameterNotOfItsTypeWithInvalidParameter() {
    refused("/liquidity/windows?from=yesterday", "invalid-parameter", "from");
    refused(
        "/tokens/tok-vocabulary/price-history?to=2026-13-01T00:00:00Z", "invalid-parameter", "to");
    refused("/liquidity/windows?status=open-ish", "invalid-parameter", "status")
        .jsonPath("$.allowed[0]")
        .exists();
    refused("/tokens/tok-vocabulary/price-history?interval=2m", "invalid-parameter", "interval")
        .jsonPath("$.allowed[0]")
        .isEqualTo("1m");
    refused("/trade?tokenId=", "invalid-parameter", "tokenId");
    refused("/cash/transactions?type=gift", "invalid-parameter", "type");
  }

  @Test
  void shouldAnswerAnEmptyOrReversedRangeWithInvalidRange() {
    String at = "2026-11-20T10:00:00Z";
    String earlier = "2026-11-19T10:00:00Z";
    for (String list : List.of("/liquidity/windows", "/tokens/tok-vocabulary/price-history")) {
      refused(list + "?from=" + at + "&to=" + at, "invalid-range", "from");
      refused(list + "?from=" + at + "&to=" + earlier, "invalid-range", "from");
    }
  }

  @Test
  void shouldAnswerEveryBadLimitWithInvalidLimit() {
    for (String list : LISTS) {
      InputVocabulary.assertEveryBadLimitRefused(
          this::get, list, List.of("0", "101", "ten", "1.5", ""));
    }
  }

  @Test
  void shouldAnswerEveryForeignCursorWithInvalidCursor() {
    String notAUuid = InputVocabulary.cursor("2026-11-20T10:00:00Z", "not-a-uuid");
    String notAnInstant = InputVocabulary.cursor("yesterday", UUID.randomUUID().toString());
    for (String list : LISTS) {
      List<String> cursors =
          list.equals("/cash/accounts")
              // a one-part text key: any owner id after which to start is a valid page
              ? List.of("%21%21notours", "AB8A", notAUuid, notAnInstant)
              : List.of("%21%21notours", "AB8A", "bm90LW91cnM", notAUuid, notAnInstant);
      InputVocabulary.assertEveryForeignCursorRefused(this::get, list, cursors);
    }
  }

  @Test
  void shouldKeepAMalformedPathIdA404LikeAnyUnknownOne() {
    api.call(HttpMethod.GET, "/trade/status/not-a-uuid", Api.investor(INVESTOR), null)
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.GET, "/liquidity/windows/not-a-uuid", Api.investor(INVESTOR), null)
        .expectStatus()
        .isNotFound();
  }

  @Test
  void shouldRefuseANumberSentAsAStringInABodyAndStoreNothing() {
    long orders = count("select count(*) from trade_order");
    invalidMember(
        api.call(
            HttpMethod.POST,
            "/trade",
            Api.investor(INVESTOR),
            Api.order("tok-vocabulary", "buy", "10", 2.5)),
        "quantity");
    assertThat(count("select count(*) from trade_order")).isEqualTo(orders);
  }

  @Test
  void shouldRefuseABodyMemberOutsideItsValuesWithValidationFailed() {
    invalidMember(
            api.call(
                HttpMethod.POST,
                "/trade",
                Api.investor(INVESTOR),
                Api.order("tok-vocabulary", "hold", 10, 2.5)),
            "type")
        .jsonPath("$.allowed[0]")
        .isEqualTo("buy");
    Instant opens = clock.instant().plusSeconds(3600);
    invalidMember(
            api.call(
                HttpMethod.POST,
                "/liquidity/windows",
                Api.operator(),
                Api.window(
                    List.of("tok-vocabulary"), "sealed-bid", opens, opens.plusSeconds(3600))),
            "mechanism")
        .jsonPath("$.allowed[0]")
        .exists();
  }

  @Test
  void shouldRefuseABlankTextMemberWithValidationFailedAndStoreNothing() {
    long deposits = count("select count(*) from cash_deposit");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("ownerId", " ");
    body.put("amount", 10);
    body.put("externalReference", "ref-" + UUID.randomUUID());
    invalidMember(api.call(HttpMethod.POST, "/cash/deposits", Api.operator(), body), "ownerId");
    assertThat(count("select count(*) from cash_deposit")).isEqualTo(deposits);
  }

  private WebTestClient.BodyContentSpec invalidMember(
      WebTestClient.ResponseSpec response, String field) {
    return assertMistake(response, "validation-failed", field);
  }

  private WebTestClient.BodyContentSpec refused(String path, String code, String field) {
    return assertMistake(get(path), code, field);
  }

  private WebTestClient.ResponseSpec get(String path) {
    String bearer = path.startsWith("/cash/accounts") ? Api.operator() : Api.investor(INVESTOR);
    return api.call(HttpMethod.GET, path, bearer, null);
  }
}
