package io.equitoken.trading.service.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketBooks;
import io.equitoken.trading.service.market.TokenInfo;
import io.equitoken.trading.service.rules.InvestorFacts;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** Operator transfers: checked against the token, recorded and commanded in one transaction. */
class TransferServiceTest {

  private static final Instant NOW = Instant.parse("2026-11-23T08:00:00.123456789Z");
  private static final UUID ID = UUID.fromString("9a1e0000-0000-4000-8000-000000000001");

  private final MarketBooks market = new MarketBooks();
  private final List<Transfer> audit = new ArrayList<>();
  private final List<TradingMessage> published = new ArrayList<>();
  private final List<String> committed = new ArrayList<>();
  private final TransferStore store = t -> Mono.fromRunnable(() -> audit.add(t));
  private final EventPublisher<TradingMessage> messages =
      m -> Mono.fromRunnable(() -> published.add(m));
  private final Transactions transactions =
      new Transactions() {
        @Override
        public <T> Mono<T> inTransaction(Mono<T> work) {
          return work.doOnSuccess(
              done -> committed.add("audit " + audit.size() + ", messages " + published.size()));
        }
      };
  private final TransferService transfers =
      new TransferService(
          store, market, messages, transactions, Clock.fixed(NOW, ZoneOffset.UTC), () -> ID);

  @BeforeEach
  void aTokenWithLotTenth() {
    market.tokens.put(
        "tok-1",
        new TokenInfo(
            "tok-1",
            "lst-1",
            "founder-1",
            new BigDecimal("1000.5"),
            new BigDecimal("2.5"),
            new BigDecimal("0.01"),
            new BigDecimal("0.1"),
            NOW));
  }

  @Test
  void shouldRecordTheTransferAndCommandTheMatcherInOneTransaction() {
    Transfer t =
        transfers
            .request("ops-1", "tok-1", "inv-a", "inv-b", new BigDecimal("2.5"), "estate")
            .block();

    Instant at = Instant.parse("2026-11-23T08:00:00.123456Z");
    assertThat(t)
        .isEqualTo(
            new Transfer(
                ID, "tok-1", "inv-a", "inv-b", new BigDecimal("2.5"), "estate", "ops-1", at));
    assertThat(audit).containsExactly(t);
    assertThat(published)
        .containsExactly(
            new TransferService.Command(
                ID.toString(),
                "tok-1",
                "inv-a",
                "inv-b",
                new BigDecimal("2.5"),
                "estate",
                "ops-1",
                at,
                new InvestorFacts(null, false)));
    assertThat(committed).containsExactly("audit 1, messages 1");
  }

  @Test
  void shouldRefuseATransferToTheSameOwner() {
    Refusal r = refusal("inv-a", "inv-a", "1", "tok-1");
    assertThat(r.status()).isEqualTo(422);
    assertThat(r.code()).isEqualTo("same-owner");
    assertThat(r.field()).isEqualTo("to");
  }

  @Test
  void shouldAnswerNotFoundForAnUnknownToken() {
    Refusal r = refusal("inv-a", "inv-b", "1", "tok-404");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.code()).isEqualTo("token-not-found");
  }

  @Test
  void shouldRefuseAQuantityThatIsNotPositiveOrOffTheLot() {
    for (String q : List.of("0", "-0.1", "0.25")) {
      Refusal r = refusal("inv-a", "inv-b", q, "tok-1");
      assertThat(r.code()).as(q).isEqualTo("off-grid");
      assertThat(r.field()).isEqualTo("quantity");
      assertThat(r.detail()).contains("0.1");
    }
  }

  @Test
  void shouldRefuseAQuantityAboveTheSupplyButAcceptTheWholeSupply() {
    Refusal r = refusal("inv-a", "inv-b", "1000.6", "tok-1");
    assertThat(r.code()).isEqualTo("quantity-above-supply");
    assertThat(r.detail()).contains("1000.5");

    assertThat(
            transfers
                .request("ops-1", "tok-1", "inv-a", "inv-b", new BigDecimal("1000.5"), "all")
                .block())
        .isNotNull();
  }

  private Refusal refusal(String from, String to, String quantity, String token) {
    RefusedException e =
        catchThrowableOfType(
            RefusedException.class,
            () ->
                transfers
                    .request("ops-1", token, from, to, new BigDecimal(quantity), "why")
                    .block());
    assertThat(e).isNotNull();
    assertThat(audit).isEmpty();
    assertThat(published).isEmpty();
    return e.refusal();
  }
}
