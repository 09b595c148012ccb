package io.equitoken.identity.config;

import io.equitoken.identity.apikey.ApiKeyEvent;
import io.equitoken.identity.apikey.ApiKeyRepository;
import io.equitoken.identity.apikey.ApiKeyService;
import io.equitoken.identity.apikey.SecretHasher;
import io.equitoken.identity.bootstrap.KeyProvisioning;
import io.equitoken.identity.signing.KeyCipher;
import io.equitoken.identity.signing.SigningKeyRepository;
import io.equitoken.identity.signing.SigningKeys;
import io.equitoken.identity.token.FailedSecretLimiter;
import io.equitoken.identity.token.TokenService;
import io.equitoken.identity.token.TokenSettings;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.security.ConfiguredKey;
import io.equitoken.platform.web.security.EquitokenSecurityProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java domain (apikey, token, signing, bootstrap) to its adapters. */
@Configuration(proxyBeanMethods = false)
class IdentityConfiguration {

  /**
   * How many (key id, address) counts and how many key-wide counts of failed secrets are kept, each
   * least recently used first out.
   */
  static final int MAX_TRACKED_FAILURE_COUNTS = 100_000;

  /** HMAC pepper of secret hashes: configured, never built in (refuses to start without). */
  @Bean
  SecretHasher secretHasher(IdentityProperties properties) {
    return new SecretHasher(
        ConfiguredKey.decode(
            "equitoken.identity.secret-pepper",
            "EQUITOKEN_IDENTITY_SECRET_PEPPER",
            properties.secretPepper(),
            32));
  }

  /** Key-encryption key of the signing keys: configured, never built in. */
  @Bean
  KeyCipher keyCipher(IdentityProperties properties) {
    return new KeyCipher(
        ConfiguredKey.decode(
            "equitoken.identity.key-encryption-key",
            "EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY",
            properties.keyEncryptionKey(),
            32));
  }

  @Bean
  SigningKeys signingKeys(
      SigningKeyRepository repository,
      Transactions unitOfWork,
      KeyCipher cipher,
      Clock clock,
      IdentityProperties properties,
      EquitokenSecurityProperties security) {
    // a retired key must verify every token it signed: their lifetime plus verifiers' clock skew
    return new SigningKeys(
        repository,
        unitOfWork,
        cipher,
        clock,
        properties.tokenLifetime().plus(security.clockSkew()),
        properties.signingKeyRotationPeriod());
  }

  @Bean
  TokenService tokenService(
      ApiKeyRepository keys,
      SecretHasher hasher,
      SigningKeys signingKeys,
      IdentityProperties properties,
      EquitokenSecurityProperties security,
      Clock clock) {
    return new TokenService(
        keys,
        hasher,
        signingKeys,
        new TokenSettings(security.issuer(), security.audience(), properties.tokenLifetime()),
        new FailedSecretLimiter(
            properties.maxFailedSecretsPerAddress(),
            properties.maxFailedSecretsPerKey(),
            properties.failedSecretsWindow(),
            MAX_TRACKED_FAILURE_COUNTS,
            clock),
        clock);
  }

  @Bean
  ApiKeyService apiKeyService(
      ApiKeyRepository keys,
      EventPublisher<ApiKeyEvent> events,
      Transactions unitOfWork,
      TransactionLocks locks,
      SecretHasher hasher,
      Clock clock,
      IdentityProperties properties) {
    return new ApiKeyService(
        keys, events, unitOfWork, locks, hasher, clock, properties.maxActiveKeysPerPrincipal());
  }

  @Bean
  KeyProvisioning keyProvisioning(
      ApiKeyRepository keys,
      EventPublisher<ApiKeyEvent> events,
      Transactions unitOfWork,
      SecretHasher hasher,
      Clock clock) {
    return new KeyProvisioning(keys, events, unitOfWork, hasher, clock);
  }
}
