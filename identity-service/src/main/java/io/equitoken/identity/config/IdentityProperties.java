package io.equitoken.identity.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of identity-service ({@code equitoken.identity.*}; environment variables such as {@code
 * EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY} bind by Spring's relaxed rules).
 *
 * @param tokenLifetime lifetime of access tokens; {@code expiresIn} reports it in seconds
 * @param keyEncryptionKey base64 of 32 bytes: AES-256-GCM key for signing keys at rest; required,
 *     there is no built-in value
 * @param secretPepper base64 of at least 32 bytes: HMAC key for API key secret hashes; required
 * @param signingKeyRotationPeriod how long one key signs before the next one takes over
 * @param maxActiveKeysPerPrincipal how many unrevoked keys one principal may hold (the per-key rate
 *     limit would otherwise multiply with every key minted)
 * @param maxFailedSecretsPerKey failed {@code POST /auth/token} attempts for one key id within
 *     {@code failedSecretsWindow} after which the key id is refused (429) until the window ends
 * @param failedSecretsWindow the window of {@code maxFailedSecretsPerKey}
 */
@ConfigurationProperties("equitoken.identity")
public record IdentityProperties(
    Duration tokenLifetime,
    String keyEncryptionKey,
    String secretPepper,
    Duration signingKeyRotationPeriod,
    Integer maxActiveKeysPerPrincipal,
    Integer maxFailedSecretsPerKey,
    Duration failedSecretsWindow) {

  public IdentityProperties {
    tokenLifetime = tokenLifetime == null ? Duration.ofSeconds(900) : tokenLifetime;
    signingKeyRotationPeriod =
        signingKeyRotationPeriod == null ? Duration.ofDays(30) : signingKeyRotationPeriod;
    maxActiveKeysPerPrincipal = maxActiveKeysPerPrincipal == null ? 10 : maxActiveKeysPerPrincipal;
    maxFailedSecretsPerKey = maxFailedSecretsPerKey == null ? 10 : maxFailedSecretsPerKey;
    failedSecretsWindow =
        failedSecretsWindow == null ? Duration.ofMinutes(15) : failedSecretsWindow;
    if (maxFailedSecretsPerKey < 1
        || failedSecretsWindow.isNegative()
        || failedSecretsWindow.isZero()) {
      throw new IllegalArgumentException(
          "equitoken.identity.max-failed-secrets-per-key must be at least 1 and"
              + " equitoken.identity.failed-secrets-window positive");
    }
    if (maxActiveKeysPerPrincipal < 1) {
      throw new IllegalArgumentException(
          "equitoken.identity.max-active-keys-per-principal must be at least 1");
    }
    if (tokenLifetime.isNegative() || tokenLifetime.isZero()) {
      throw new IllegalArgumentException("equitoken.identity.token-lifetime must be positive");
    }
  }
}
