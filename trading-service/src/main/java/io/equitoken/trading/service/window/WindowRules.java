package io.equitoken.trading.service.window;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a schedulable window looks like. Every refusal names the field at fault. Overlap with other
 * windows needs the store and is checked by {@link WindowService}.
 */
public final class WindowRules {

  public static final Duration MIN_LENGTH = Duration.ofMinutes(1);
  public static final Duration MAX_LEAD = Duration.ofDays(366);
  public static final BigDecimal MAX_PRICE_BAND = BigDecimal.valueOf(100);
  public static final int MAX_TOKENS = 100;
  public static final int MAX_TOKEN_ID_LENGTH = 100;

  private final Duration maxLength;

  public WindowRules(Duration maxLength) {
    this.maxLength = maxLength;
  }

  public void check(WindowRequest r, Instant now) {
    if (!r.opens().isAfter(now)) {
      throw invalid("opens-not-in-future", "opens", "Expected opens to be in the future");
    }
    if (r.opens().isAfter(now.plus(MAX_LEAD))) {
      throw invalid(
          "opens-too-far-ahead", "opens", "Expected opens within " + MAX_LEAD.toDays() + " days");
    }
    if (!r.closes().isAfter(r.opens())) {
      throw invalid("closes-not-after-opens", "closes", "Expected closes to be after opens");
    }
    Duration length = Duration.between(r.opens(), r.closes());
    if (length.compareTo(MIN_LENGTH) < 0) {
      throw invalid("window-too-short", "closes", "Expected a window of at least 1 minute");
    }
    if (length.compareTo(maxLength) > 0) {
      throw invalid(
          "window-too-long",
          "closes",
          "Expected a window of at most " + maxLength.toHours() + " hours, but it is longer");
    }
    checkCallPhase(r);
    checkPriceBand(r.priceBand());
    checkTokens(r.tokenIds());
  }

  private static void checkCallPhase(WindowRequest r) {
    if (r.mechanism() == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION) {
      if (r.callPhaseStarts() == null) {
        throw invalid(
            "call-phase-required",
            "callPhaseStarts",
            "Expected callPhaseStarts for mechanism continuous_with_closing_auction");
      }
      if (!r.callPhaseStarts().isAfter(r.opens()) || !r.callPhaseStarts().isBefore(r.closes())) {
        throw invalid(
            "call-phase-outside-window",
            "callPhaseStarts",
            "Expected callPhaseStarts strictly between opens and closes");
      }
    } else if (r.callPhaseStarts() != null) {
      throw invalid(
          "call-phase-not-allowed",
          "callPhaseStarts",
          "Expected no callPhaseStarts unless mechanism is continuous_with_closing_auction");
    }
  }

  private static void checkPriceBand(BigDecimal band) {
    if (band == null) {
      return;
    }
    if (band.signum() <= 0 || band.compareTo(MAX_PRICE_BAND) > 0 || band.scale() > 2) {
      throw invalid(
          "invalid-price-band",
          "priceBand",
          "Expected priceBand as a percent above 0 and at most 100, with at most 2 decimals");
    }
  }

  private static void checkTokens(List<String> tokenIds) {
    if (tokenIds.size() > MAX_TOKENS) {
      throw invalid(
          "too-many-tokens", "tokenIds", "Expected at most " + MAX_TOKENS + " tokenIds (or none)");
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < tokenIds.size(); i++) {
      String id = tokenIds.get(i);
      String field = "tokenIds[" + i + "]";
      if (id == null || id.isBlank() || id.length() > MAX_TOKEN_ID_LENGTH) {
        throw invalid("invalid-token-id", field, "Expected a token id of 1 to 100 characters");
      }
      if (!seen.add(id)) {
        throw invalid("duplicate-token-id", field, "Expected each token id once, " + id + " twice");
      }
    }
  }

  private static RefusedException invalid(String code, String field, String detail) {
    return Refusal.unprocessable(code, detail).withField(field).exception();
  }
}
