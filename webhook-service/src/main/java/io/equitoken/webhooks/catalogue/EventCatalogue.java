package io.equitoken.webhooks.catalogue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The event types offered through webhooks. Public types go to every subscription that lists them;
 * private ones only to subscriptions of a principal named in the event's owner fields, or of an
 * operator — never to anyone who could not read the same fact through the API.
 */
public final class EventCatalogue {

  /** The synthetic type of {@code POST /webhooks/subscriptions/{id}/test}. */
  public static final String TEST_TYPE = "webhook.test";

  private static final List<String> NONE = List.of();
  private static final List<String> OWNER = List.of("ownerId");

  private final Map<String, EventType> byName = new LinkedHashMap<>();
  private final Map<String, EventType> bySource = new LinkedHashMap<>();

  private EventCatalogue(List<EventType> types) {
    for (EventType type : types) {
      byName.put(type.name(), type);
      bySource.put(type.sourceType(), type);
    }
  }

  public static EventCatalogue standard() {
    return new EventCatalogue(
        List.of(
            trading("window.scheduled", "A liquidity window was scheduled.", NONE, NONE),
            trading("window.opened", "A liquidity window opened for trading.", NONE, NONE),
            trading(
                "window.call-phase-started",
                "A window entered its closing-auction call phase.",
                NONE,
                NONE),
            trading("window.closed", "A liquidity window closed.", NONE, NONE),
            trading("window.cancelled", "A scheduled liquidity window was cancelled.", NONE, NONE),
            trading(
                "auction.indicative",
                "The indicative price and volume of an auction changed.",
                NONE,
                NONE),
            trading("auction.result", "An auction was decided (cleared or not).", NONE, NONE),
            trading(
                "trade.executed",
                "A trade was executed. Buyer and seller are not disclosed.",
                NONE,
                List.of("buyerId", "sellerId")),
            trading("price.updated", "A token's reference price changed.", NONE, NONE),
            listings("listing.published", "A listing became public.", List.of("founderId")),
            listings(
                "listing.suspended",
                "An operator suspended a listing; its token is not traded meanwhile.",
                List.of("suspendedBy", "reason")),
            listings(
                "listing.reactivated",
                "A suspended listing is public again.",
                List.of("reactivatedBy")),
            listings("listing.closed", "A listing was closed for good.", List.of("closedBy")),
            trading("order.accepted", "One of your orders was accepted.", OWNER, NONE),
            trading("order.rejected", "One of your orders was rejected.", OWNER, NONE),
            trading("order.filled", "One of your orders was (partially) filled.", OWNER, NONE),
            trading("order.cancelled", "One of your orders was cancelled.", OWNER, NONE),
            trading("order.expired", "One of your orders expired with its window.", OWNER, NONE),
            trading("holding.changed", "Your holding of a token changed.", OWNER, NONE),
            trading(
                "cash.changed",
                "Your cash account changed (balance, reserved, available, and why).",
                OWNER,
                NONE),
            trading(
                "cash.deposit.recorded",
                "A deposit to your cash account was recorded.",
                OWNER,
                NONE),
            trading(
                "cash.withdrawal.requested",
                "You requested a withdrawal; the amount is reserved until it is paid or fails.",
                OWNER,
                NONE),
            trading("cash.withdrawal.paid", "One of your withdrawals was paid out.", OWNER, NONE),
            trading(
                "cash.withdrawal.failed",
                "One of your withdrawals failed; the amount is available again.",
                OWNER,
                NONE),
            trading(
                "transfer.executed",
                "Tokens were transferred from or to you.",
                List.of("fromId", "toId"),
                NONE),
            new EventType(
                "compliance.status.changed",
                "equitoken.compliance.status.changed.v1",
                "compliance/equitoken.compliance.status.changed.v1.json",
                "Your verification (KYC) status changed.",
                List.of("investorId"),
                NONE)));
  }

  private static EventType trading(
      String name, String description, List<String> owners, List<String> dropped) {
    String source = "equitoken.trading." + name + ".v1";
    return new EventType(name, source, "trading/" + source + ".json", description, owners, dropped);
  }

  private static EventType listings(String name, String description, List<String> dropped) {
    String source = "equitoken.listings." + name + ".v1";
    return new EventType(name, source, "listings/" + source + ".json", description, NONE, dropped);
  }

  public List<EventType> types() {
    return List.copyOf(byName.values());
  }

  public Optional<EventType> byName(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public Optional<EventType> bySourceType(String sourceType) {
    return Optional.ofNullable(bySource.get(sourceType));
  }
}
