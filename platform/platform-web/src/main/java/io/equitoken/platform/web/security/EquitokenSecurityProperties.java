package io.equitoken.platform.web.security;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How a service checks bearer tokens: the expected issuer and audience, where the public keys are
 * published, how much clock skew is tolerated, the longest token lifetime accepted, and how the
 * revoked API keys are learnt (docs/security.md).
 */
@ConfigurationProperties("equitoken.security")
public record EquitokenSecurityProperties(
    String issuer,
    String audience,
    URI jwksUri,
    Duration clockSkew,
    Duration maxTokenLifetime,
    Duration jwksCacheTtl,
    Duration jwksRefetchCooldown,
    Long verifiedTokenCacheSize,
    Revocations revocations) {

  public EquitokenSecurityProperties {
    issuer = issuer == null ? "https://equitoken.local" : issuer;
    audience = audience == null ? "equitoken-api" : audience;
    jwksUri = jwksUri == null ? URI.create("http://localhost:8081/.well-known/jwks.json") : jwksUri;
    clockSkew = clockSkew == null ? Duration.ofSeconds(30) : clockSkew;
    maxTokenLifetime = maxTokenLifetime == null ? Duration.ofHours(1) : maxTokenLifetime;
    jwksCacheTtl = jwksCacheTtl == null ? Duration.ofMinutes(5) : jwksCacheTtl;
    jwksRefetchCooldown =
        jwksRefetchCooldown == null ? Duration.ofSeconds(30) : jwksRefetchCooldown;
    // tokens whose signature is checked once and then trusted until jwks-cache-ttl (0: off)
    verifiedTokenCacheSize = verifiedTokenCacheSize == null ? 10_000L : verifiedTokenCacheSize;
    revocations =
        revocations == null ? new Revocations(null, null, null, null, null, null) : revocations;
  }

  /** How long a revocation must be remembered: no token accepted can outlive it by more. */
  public Duration revocationRetention() {
    return maxTokenLifetime.plus(clockSkew);
  }

  /**
   * The revocation set fed by {@code identity.events.v1}. {@code bootstrapServers} empty means
   * {@code spring.kafka.bootstrap-servers}. When the feed has not confirmed for {@code
   * maxStaleness} that it has read everything published, tokens are refused (fail closed): that is
   * the bound on how long a revoked key's token can still be accepted.
   */
  public record Revocations(
      Boolean enabled,
      String bootstrapServers,
      String topic,
      Duration maxStaleness,
      Duration pollInterval,
      Duration startupWait) {

    public Revocations {
      enabled = enabled == null || enabled;
      topic = topic == null ? "identity.events.v1" : topic;
      maxStaleness = maxStaleness == null ? Duration.ofSeconds(30) : maxStaleness;
      pollInterval = pollInterval == null ? Duration.ofSeconds(5) : pollInterval;
      startupWait = startupWait == null ? Duration.ofSeconds(20) : startupWait;
    }
  }
}
