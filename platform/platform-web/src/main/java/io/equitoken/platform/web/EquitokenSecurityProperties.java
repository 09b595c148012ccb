package io.equitoken.platform.web;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How a service checks bearer tokens: the expected issuer and audience, where the public keys are
 * published, and how much clock skew is tolerated.
 */
@ConfigurationProperties("equitoken.security")
public record EquitokenSecurityProperties(
    String issuer, String audience, URI jwksUri, Duration clockSkew) {

  public EquitokenSecurityProperties {
    issuer = issuer == null ? "https://equitoken.local" : issuer;
    audience = audience == null ? "equitoken-api" : audience;
    jwksUri = jwksUri == null ? URI.create("http://localhost:8081/.well-known/jwks.json") : jwksUri;
    clockSkew = clockSkew == null ? Duration.ofSeconds(30) : clockSkew;
  }
}
