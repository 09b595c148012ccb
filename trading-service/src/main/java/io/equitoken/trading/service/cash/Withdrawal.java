package io.equitoken.trading.service.cash;

import java.time.Instant;
import java.util.UUID;

/**
 * Money the owner asked to take out. {@code requested} holds the amount reserved (so it cannot also
 * be spent); the payments side then marks it {@code paid} (the money leaves) or {@code failed} (the
 * reservation is released). Paid and failed are final.
 */
public record Withdrawal(
    UUID id,
    String ownerId,
    long amount,
    Status status,
    String requestedBy,
    Instant requestedAt,
    String externalReference,
    String failureReason,
    String settledBy,
    Instant settledAt) {

  /** The lifecycle: requested → paid | failed. */
  public enum Status {
    REQUESTED,
    PAID,
    FAILED;

    public String wire() {
      return name().toLowerCase();
    }

    public static Status parse(String wire) {
      return wire == null ? null : valueOf(wire.toUpperCase());
    }

    public static java.util.List<String> allowed() {
      return java.util.Arrays.stream(values()).map(Status::wire).toList();
    }
  }
}
