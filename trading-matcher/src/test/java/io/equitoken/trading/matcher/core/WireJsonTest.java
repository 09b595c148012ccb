package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The wire format itself: plain decimals, nulls written, components in order, ISO instants. */
class WireJsonTest {

  @Test
  void shouldWriteDecimalsPlainNullsAndInstantsAsTheContractsSay() {
    TradingEvent event =
        new TradingEvent.PriceUpdated(
            "tok-1",
            new BigDecimal("1E-7"),
            null,
            "trade",
            null,
            Instant.parse("2026-11-27T14:00:00.250Z"));

    assertThat(WireJson.write(event))
        .isEqualTo(
            "{\"tokenId\":\"tok-1\",\"price\":0.0000001,\"previousPrice\":null,"
                + "\"reason\":\"trade\",\"windowId\":null,\"asOf\":\"2026-11-27T14:00:00.250Z\"}");
  }

  @Test
  void shouldWriteLargeDecimalsWithoutExponentAndNestReasons() {
    TradingEvent event =
        new TradingEvent.TransferRejected(
            "tr-1",
            "tok-1",
            "alice",
            "bob",
            new BigDecimal("1E+3"),
            new TradingEvent.Reason("transfer.same_holder", "Expected two different holders"),
            "op-carol",
            Instant.parse("2026-11-27T14:00:00Z"));

    assertThat(WireJson.write(event))
        .isEqualTo(
            "{\"transferId\":\"tr-1\",\"tokenId\":\"tok-1\",\"fromId\":\"alice\",\"toId\":\"bob\","
                + "\"quantity\":1000,\"reason\":{\"code\":\"transfer.same_holder\","
                + "\"detail\":\"Expected two different holders\"},\"requestedBy\":\"op-carol\","
                + "\"rejectedAt\":\"2026-11-27T14:00:00Z\"}");
  }

  @Test
  void shouldWriteTheSameJsonStraightToUtf8Bytes() {
    TradingEvent event =
        new TradingEvent.OrderRejected(
            "ord-1",
            "investor-ä",
            "tok-1",
            null,
            "buy",
            new BigDecimal("10.50"),
            new BigDecimal("2E+2"),
            new TradingEvent.Reason("rule.jurisdiction", "Not for investors in \"FR\" – €"),
            Instant.parse("2026-11-27T14:00:00.123456789Z"));

    assertThat(new String(WireJson.writeBytes(event), StandardCharsets.UTF_8))
        .isEqualTo(WireJson.write(event))
        .contains("\"quantity\":10.50,\"limitPrice\":200,")
        .contains("– €");
  }
}
