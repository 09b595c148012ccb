package io.equitoken.compliance.kyc;

import io.equitoken.platform.core.Refusal;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * One verification attempt of one investor and the decision taken on it. An investor's current
 * standing is their latest submission. Transitions (see docs/services/compliance-service.md):
 * pending → approved | rejected | revision_required (an officer decides); approved → expired
 * (time).
 *
 * @param retryable for rejections only: whether the investor may submit again
 */
public record KycSubmission(
    UUID id,
    String investorId,
    KycDetails details,
    KycState state,
    Instant submittedAt,
    Instant decidedAt,
    String decidedBy,
    String reason,
    Boolean retryable,
    Instant expiresAt,
    long version) {

  public static KycSubmission received(
      UUID id, String investorId, KycDetails details, Instant now) {
    return new KycSubmission(
        id, investorId, details, KycState.PENDING, now, null, null, null, null, null, 0);
  }

  /**
   * The state as of {@code now}: an approval past its expiry counts as expired even before the job
   * runs.
   */
  public KycState stateAt(Instant now) {
    if (state == KycState.APPROVED && expiresAt != null && !now.isBefore(expiresAt)) {
      return KycState.EXPIRED;
    }
    return state;
  }

  public Accreditation accreditationAt(Instant now) {
    if (stateAt(now) == KycState.APPROVED && details.accreditationClaim() != null) {
      return new Accreditation(true, details.accreditationClaim(), expiresAt);
    }
    return Accreditation.NONE;
  }

  /** Whether this submission lets its investor submit again, and if not, why. */
  public Refusal resubmissionBlockedAt(Instant now) {
    return switch (stateAt(now)) {
      case PENDING ->
          Refusal.of(
              Refusal.Kind.CONFLICT,
              "submission-pending",
              "A submission is already waiting for review; wait for its decision before submitting again.");
      case APPROVED ->
          Refusal.of(
              Refusal.Kind.CONFLICT,
              "already-approved",
              "Your verification is approved until "
                  + expiresAt
                  + "; submit again once it has expired.");
      case REJECTED ->
          Boolean.TRUE.equals(retryable)
              ? null
              : Refusal.of(
                  Refusal.Kind.CONFLICT,
                  "rejection-final",
                  "Your last submission was rejected as final; contact support instead of resubmitting.");
      case REVISION_REQUIRED, EXPIRED, NOT_STARTED -> null;
    };
  }

  /**
   * An officer's decision. Only a pending submission can be decided, never by its own investor; an
   * approval is valid for {@code validity} from the decision.
   */
  public KycSubmission decide(DecisionCommand command, Instant now, Duration validity) {
    if (state != KycState.PENDING) {
      throw Refusal.of(
              Refusal.Kind.CONFLICT,
              "not-pending",
              "Expected submission to be pending, but it is " + state.wire() + ".")
          .with("kycState", state.wire())
          .exception();
    }
    if (command.officerId().equals(investorId)) {
      throw Refusal.of(
              Refusal.Kind.FORBIDDEN,
              "own-submission",
              "You cannot decide your own submission; another officer must review it.")
          .exception();
    }
    Instant expiry = command.decision() == Decision.APPROVED ? now.plus(validity) : null;
    Boolean canRetry = command.decision() == Decision.REJECTED ? command.retryable() : null;
    return new KycSubmission(
        id,
        investorId,
        details,
        command.decision().resultingState(),
        submittedAt,
        now,
        command.officerId(),
        command.reason(),
        canRetry,
        expiry,
        version + 1);
  }

  /** The approval lapses; only an approval whose expiry has passed can expire. */
  public KycSubmission expire(Instant now) {
    if (stateAt(now) != KycState.EXPIRED || state != KycState.APPROVED) {
      throw new IllegalStateException("Only an approval past its expiry can expire");
    }
    return new KycSubmission(
        id,
        investorId,
        details,
        KycState.EXPIRED,
        submittedAt,
        decidedAt,
        decidedBy,
        reason,
        retryable,
        expiresAt,
        version + 1);
  }
}
