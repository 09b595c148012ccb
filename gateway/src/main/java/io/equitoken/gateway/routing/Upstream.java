package io.equitoken.gateway.routing;

/**
 * A service behind the gateway. {@code module} is its directory, artifactId and Kubernetes name;
 * {@code settingName} is the part of {@code equitoken.gateway.<settingName>-uri} that says where it
 * runs.
 */
public enum Upstream {
  IDENTITY("identity-service", "identity"),
  LISTINGS("listings-service", "listings"),
  PORTFOLIO("portfolio-service", "portfolio"),
  TRADING("trading-service", "trading"),
  COMPLIANCE("compliance-service", "compliance"),
  WEBHOOK("webhook-service", "webhook");

  private final String module;
  private final String settingName;

  Upstream(String module, String settingName) {
    this.module = module;
    this.settingName = settingName;
  }

  public String module() {
    return module;
  }

  public String settingName() {
    return settingName;
  }
}
