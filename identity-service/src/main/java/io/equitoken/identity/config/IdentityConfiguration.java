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
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.EquitokenSecurityProperties;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java domain (apikey, token, signing, bootstrap) to its adapters. */
@Configuration(proxyBeanMethods = false)
class IdentityConfiguration {

  /** Key ids whose failed secrets are counted at once (least recently used first out). */
  static final int MAX_TRACKED_KEY_IDS = 100_000;

  @Bean
  @ConditionalOnMissingBean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  SecretHasher secretHasher(
      IdentityProperties properties, @Value("${equitoken.demo-data:false}") boolean demoData) {
    return new SecretHasher(
        LocalSecrets.resolve(
            properties.secretPepper(),
            LocalSecrets.LOCAL_SECRET_PEPPER,
            "EQUITOKEN_IDENTITY_SECRET_PEPPER",
            allowLocal(properties, demoData)));
  }

  @Bean
  KeyCipher keyCipher(
      IdentityProperties properties, @Value("${equitoken.demo-data:false}") boolean demoData) {
    return new KeyCipher(
        LocalSecrets.resolve(
            properties.keyEncryptionKey(),
            LocalSecrets.LOCAL_KEY_ENCRYPTION_KEY,
            "EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY",
            allowLocal(properties, demoData)));
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
            properties.maxFailedSecretsPerKey(),
            properties.failedSecretsWindow(),
            MAX_TRACKED_KEY_IDS,
            clock),
        clock);
  }

  @Bean
  ApiKeyService apiKeyService(
      ApiKeyRepository keys,
      EventPublisher<ApiKeyEvent> events,
      Transactions unitOfWork,
      SecretHasher hasher,
      Clock clock,
      IdentityProperties properties) {
    return new ApiKeyService(
        keys, events, unitOfWork, hasher, clock, properties.maxActiveKeysPerPrincipal());
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

  private static boolean allowLocal(IdentityProperties properties, boolean demoData) {
    return properties.allowLocalDefaults() != null ? properties.allowLocalDefaults() : demoData;
  }
}
