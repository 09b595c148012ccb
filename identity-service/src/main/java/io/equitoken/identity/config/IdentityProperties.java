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
 * @param maxFailedSecretsPerAddress failed {@code POST /auth/token} attempts for one key id from
 *     one client address within {@code failedSecretsWindow} after which that address's attempts for
 *     that key id are refused (429) until the window ends
 * @param maxFailedSecretsPerKey failed attempts for one key id from all addresses together within
 *     {@code failedSecretsWindow} after which every attempt for it is refused (429) until the
 *     window ends: the ceiling on distributed guessing
 * @param failedSecretsWindow the window of both counts
 */
@ConfigurationProperties("equitoken.identity")
public record IdentityProperties(
    Duration tokenLifetime,
    String keyEncryptionKey,
    String secretPepper,
    Duration signingKeyRotationPeriod,
    Integer maxActiveKeysPerPrincipal,
    Integer maxFailedSecretsPerAddress,
    Integer maxFailedSecretsPerKey,
    Duration failedSecretsWindow) {

  public IdentityProperties {
    tokenLifetime = tokenLifetime == null ? Duration.ofSeconds(900) : tokenLifetime;
    signingKeyRotationPeriod =
        signingKeyRotationPeriod == null ? Duration.ofDays(30) : signingKeyRotationPeriod;
    maxActiveKeysPerPrincipal = maxActiveKeysPerPrincipal == null ? 10 : maxActiveKeysPerPrincipal;
    maxFailedSecretsPerAddress =
        maxFailedSecretsPerAddress == null ? 10 : maxFailedSecretsPerAddress;
    maxFailedSecretsPerKey = maxFailedSecretsPerKey == null ? 100 : maxFailedSecretsPerKey;
    failedSecretsWindow =
        failedSecretsWindow == null ? Duration.ofMinutes(15) : failedSecretsWindow;
    if (maxFailedSecretsPerAddress < 1
        || maxFailedSecretsPerKey < 1
        || failedSecretsWindow.isNegative()
        || failedSecretsWindow.isZero()) {
      throw new IllegalArgumentException(
          "equitoken.identity.max-failed-secrets-per-address and -per-key must be at least 1 and"
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
