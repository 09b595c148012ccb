package io.equitoken.webhooks.persistence;

import io.equitoken.platform.core.SealedSecret;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Signing secrets as stored: sealed with AES-256-GCM ({@link SealedSecret}) under the configured
 * key, bound to the subscription's id and the column, so a value copied onto another row or from
 * {@code previous_secret} to {@code secret} fails to open. A legacy plain-text value (written
 * before sealing, or by an older instance during a rolling update) is read as it is and sealed by
 * {@link SigningSecretsAtStartup} at the next start.
 */
@Component
public class SecretColumns {

  static final String SECRET = "secret";
  static final String PREVIOUS_SECRET = "previous_secret";

  private final SealedSecret sealer;

  public SecretColumns(SealedSecret sealer) {
    this.sealer = sealer;
  }

  String keyId() {
    return sealer.keyId();
  }

  String seal(UUID subscriptionId, String column, String secret) {
    return secret == null ? null : sealer.seal(secret, context(subscriptionId, column));
  }

  String open(UUID subscriptionId, String column, String stored) {
    if (stored == null || !SealedSecret.isSealed(stored)) {
      return stored;
    }
    return sealer.open(stored, context(subscriptionId, column));
  }

  private static String context(UUID subscriptionId, String column) {
    return "webhook-subscription:" + subscriptionId + ":" + column;
  }
}
