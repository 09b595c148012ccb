package io.equitoken.local;

import java.util.List;
import java.util.Optional;

/**
 * Every module the launcher knows, in start order. Adding a service is one line here; a module
 * whose jar does not exist yet is skipped, so it joins by being built.
 */
public final class Services {

  public static final List<ServiceDef> ALL =
      List.of(
          //            module                port  database      https
          new ServiceDef("identity-service", 8081, "identity", false),
          new ServiceDef("listings-service", 8082, "listings", false),
          new ServiceDef("compliance-service", 8085, "compliance", false),
          new ServiceDef("portfolio-service", 8083, "portfolio", false),
          new ServiceDef("trading-service", 8084, "trading", false),
          new ServiceDef("webhook-service", 8086, "webhooks", false),
          new ServiceDef("gateway", 8443, null, true));

  /** Issues tokens and publishes the JWKS every other service reads. */
  public static final String IDENTITY = "identity-service";

  public static final String GATEWAY = "gateway";

  private Services() {}

  public static ServiceDef named(String module) {
    return find(module).orElseThrow(() -> new IllegalArgumentException("unknown module " + module));
  }

  public static Optional<ServiceDef> find(String module) {
    return ALL.stream().filter(s -> s.module().equals(module)).findFirst();
  }

  public static List<String> databases() {
    return ALL.stream().flatMap(s -> s.db().stream()).toList();
  }
}
