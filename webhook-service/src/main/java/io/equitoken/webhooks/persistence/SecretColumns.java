package io.equitoken.webhooks.persistence;

import io.equitoken.platform.core.SealedSecret;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/**
 * Signing secrets as stored: sealed with AES-256-GCM ({@link SealedSecret}) under the configured
 * key, bound to the subscription's id and the column, so a value copied onto another row or from
 * {@code previous_secret} to {@code secret} fails to open. A legacy plain-text value (written
 * before sealing, or by an older instance during a rolling update) is read as it is and sealed by
 * {@link SigningSecretsAtStartup} at the next start.
 *
 * <p>Every claimed delivery carries its subscription's sealed secrets, so the same value is opened
 * again and again: an opened value is kept, keyed by the row and column it was opened for and the
 * sealed text itself (a value moved to another row or column is opened afresh, and fails), for at
 * most {@value #MAX_OPENED} values, the oldest going first (a rotated secret is a new sealed value;
 * the old one leaves as others come).
 */
@Component
public class SecretColumns {

  static final String SECRET = "secret";
  static final String PREVIOUS_SECRET = "previous_secret";

  /** At most this many opened values are kept (a subscription has at most two). */
  static final int MAX_OPENED = 4096;

  private final SealedSecret sealer;
  private final Map<String, String> opened =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > MAX_OPENED;
        }
      };
  private final LongAdder decryptions = new LongAdder();

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
    String context = context(subscriptionId, column);
    String key = context + '\n' + stored;
    synchronized (opened) {
      String secret = opened.get(key);
      if (secret != null) {
        return secret;
      }
    }
    String secret = sealer.open(stored, context);
    decryptions.increment();
    synchronized (opened) {
      opened.put(key, secret);
    }
    return secret;
  }

  /** How many values were decrypted (not served from those already opened). */
  long decryptions() {
    return decryptions.sum();
  }

  /** How many opened values are kept. */
  int kept() {
    synchronized (opened) {
      return opened.size();
    }
  }

  private static String context(UUID subscriptionId, String column) {
    return "webhook-subscription:" + subscriptionId + ":" + column;
  }
}
