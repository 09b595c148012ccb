package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.trading.service.window.Indicative;
import io.equitoken.trading.service.window.LiquidityWindow;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** Request and response bodies of the windows API. */
final class WindowDtos {

  private WindowDtos() {}

  /** {@code POST /liquidity/windows}. */
  record ScheduleWindow(
      @Size(max = 100) List<String> tokenIds,
      @NotNull String mechanism,
      @NotNull Instant opens,
      @NotNull Instant closes,
      Instant callPhaseStarts,
      BigDecimal priceBand) {}

  /** {@code POST /liquidity/windows/{id}/cancel} (body optional). */
  record CancelWindow(@Size(max = 500) String reason) {}

  /**
   * A window. {@code indicativePrice}, {@code indicativeVolume} and {@code imbalance} appear during
   * a call phase, for the token asked for with {@code tokenId} or the window's only token; {@code
   * indicative} lists them per token.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Window(
      String id,
      String status,
      Instant opens,
      Instant closes,
      List<String> tokenIds,
      String mechanism,
      Instant callPhaseStarts,
      BigDecimal priceBand,
      Boolean callPhase,
      BigDecimal indicativePrice,
      BigDecimal indicativeVolume,
      BigDecimal imbalance,
      String imbalanceSide,
      List<Indicative> indicative) {}

  static Window of(LiquidityWindow w, List<Indicative> indicative, String tokenId) {
    boolean callPhase =
        w.status().wire().equals("open")
            && (w.inCallPhase() || w.mechanism().wire().equals("call_auction"));
    Indicative top = null;
    List<Indicative> shown = null;
    if (callPhase) {
      shown = indicative;
      String wanted =
          tokenId != null ? tokenId : w.tokenIds().size() == 1 ? w.tokenIds().get(0) : null;
      if (wanted == null && indicative.size() == 1) {
        wanted = indicative.get(0).tokenId();
      }
      for (Indicative i : indicative) {
        if (i.tokenId().equals(wanted)) {
          top = i;
        }
      }
    }
    return new Window(
        w.id().toString(),
        w.status().wire(),
        w.opens(),
        w.closes(),
        w.tokenIds(),
        w.mechanism().wire(),
        w.callPhaseStarts(),
        w.priceBand(),
        w.status().wire().equals("open") ? callPhase : null,
        top == null ? null : top.indicativePrice(),
        top == null ? null : top.indicativeVolume(),
        top == null ? null : top.imbalance(),
        top == null ? null : top.imbalanceSide(),
        shown);
  }
}
