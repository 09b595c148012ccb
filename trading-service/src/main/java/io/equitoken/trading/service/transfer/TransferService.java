package io.equitoken.trading.service.transfer;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.controls.MarketControls;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.OrderFacts;
import io.equitoken.trading.service.rules.InvestorFacts;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Operator transfers: the request is recorded (who, what, why) together with its {@code transfer}
 * command; the matcher moves the holding atomically if the sender has it available, and publishes
 * {@code transfer.executed} (or refuses it, leaving holdings unchanged).
 */
public final class TransferService {

  private final TransferStore store;
  private final MarketStore market;
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final Clock clock;
  private final Supplier<UUID> ids;

  public TransferService(
      TransferStore store,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      Clock clock,
      Supplier<UUID> ids) {
    this.store = store;
    this.market = market;
    this.messages = messages;
    this.transactions = transactions;
    this.clock = clock;
    this.ids = ids;
  }

  /** The {@code transfer} command the matcher gets. */
  public record Command(
      String transferId,
      String tokenId,
      String fromId,
      String toId,
      BigDecimal quantity,
      String reason,
      String requestedBy,
      Instant at,
      InvestorFacts toInvestor)
      implements TradingMessage {}

  public Mono<Transfer> request(
      String operatorId,
      String tokenId,
      String fromId,
      String toId,
      BigDecimal quantity,
      String reason) {
    if (fromId.equals(toId)) {
      return Mono.error(
          Refusal.unprocessable("same-owner", "Expected to to differ from from")
              .withField("to")
              .exception());
    }
    return market
        .token(tokenId)
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound("token-not-found", "No token with id " + tokenId).exception()))
        .flatMap(
            token -> {
              if (quantity.signum() <= 0 || quantity.remainder(token.lotSize()).signum() != 0) {
                return Mono.error(
                    Refusal.unprocessable(
                            "off-grid",
                            "Expected quantity above 0 and a multiple of the lot size "
                                + token.lotSize().toPlainString())
                        .withField("quantity")
                        .exception());
              }
              if (quantity.compareTo(token.supply()) > 0) {
                return Mono.error(
                    Refusal.unprocessable(
                            "quantity-above-supply",
                            "Expected quantity at most the supply "
                                + token.supply().toPlainString())
                        .withField("quantity")
                        .exception());
              }
              Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
              Transfer t =
                  new Transfer(ids.get(), tokenId, fromId, toId, quantity, reason, operatorId, now);
              String id = t.id().toString();
              // the receiver's KYC facts travel with the command (for the token's transfer rules);
              // a frozen sender is refused here early, and by the matcher in any case
              return market
                  .orderFacts(tokenId, fromId, now)
                  .filter(OrderFacts::frozen)
                  .flatMap(
                      f ->
                          Mono.<OrderFacts>error(
                              MarketControls.frozenRefusal(fromId).withField("from").exception()))
                  .then(market.orderFacts(tokenId, toId, now))
                  .map(f -> InvestorFacts.of(f.kyc(), now))
                  .defaultIfEmpty(InvestorFacts.of(null, now))
                  .flatMap(
                      facts ->
                          transactions.inTransaction(
                              store
                                  .insert(t)
                                  .then(
                                      messages.publish(
                                          new Command(
                                              id,
                                              tokenId,
                                              fromId,
                                              toId,
                                              quantity,
                                              reason,
                                              operatorId,
                                              now,
                                              facts)))
                                  .thenReturn(t)));
            });
  }
}
