package io.equitoken.identity.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The first operator key ({@code EQUITOKEN_BOOTSTRAP_API_KEY}, {@code EQUITOKEN_BOOTSTRAP_SECRET}),
 * provisioned at every start when both are set.
 */
@ConfigurationProperties("equitoken.bootstrap")
public record BootstrapProperties(String apiKey, String secret) {

  public boolean isSet() {
    return apiKey != null && !apiKey.isBlank();
  }

  @Override
  public String toString() {
    return "BootstrapProperties[apiKey=" + apiKey + ", secret=redacted]";
  }
}
