package io.equitoken.identity.config;

import io.equitoken.identity.signing.SigningKeys;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Checks regularly whether the signer is due for rotation. Every instance checks; the database lets
 * exactly one of them rotate, so no coordination is needed.
 */
@Component
class SigningKeyRotationSchedule {

  private static final Logger log = LoggerFactory.getLogger(SigningKeyRotationSchedule.class);
  private final SigningKeys signingKeys;

  SigningKeyRotationSchedule(SigningKeys signingKeys) {
    this.signingKeys = signingKeys;
  }

  @Scheduled(
      initialDelayString = "${equitoken.identity.signing-key-rotation-check:PT1M}",
      fixedDelayString = "${equitoken.identity.signing-key-rotation-check:PT1M}")
  void rotateIfDue() {
    try {
      Boolean rotated = signingKeys.rotateIfDue().block(Duration.ofSeconds(30));
      if (Boolean.TRUE.equals(rotated)) {
        log.info("Rotated the JWT signing key (rotation period elapsed)");
      }
    } catch (RuntimeException e) {
      // the next run retries; the current key keeps signing meanwhile
      log.warn("Signing key rotation check failed: {}", e.toString());
    }
  }
}
