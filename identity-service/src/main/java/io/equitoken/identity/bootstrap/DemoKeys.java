package io.equitoken.identity.bootstrap;

import io.equitoken.identity.bootstrap.KeyProvisioning.ConfiguredKey;
import io.equitoken.platform.core.Roles;
import java.util.List;
import java.util.Set;

/**
 * The keys a local demo run starts with (documented in docs/services/identity-service.md). Their
 * secrets are public by design: {@code <apiKey>-secret}. Never enabled outside local runs.
 */
public final class DemoKeys {

  private DemoKeys() {}

  public static List<ConfiguredKey> all() {
    return List.of(
        demo("demo-investor", "inv-alice", Roles.INVESTOR),
        demo("demo-investor-2", "inv-bob", Roles.INVESTOR),
        demo("demo-founder", "founder-nova", Roles.FOUNDER),
        demo("demo-officer", "officer-olga", Roles.COMPLIANCE_OFFICER),
        demo("demo-partner", "partner-pax", Roles.PARTNER));
  }

  /** The bootstrap operator key named by configuration. */
  public static ConfiguredKey bootstrapOperator(String apiKey, String secret) {
    return new ConfiguredKey(
        apiKey, "Bootstrap operator", "operator", Set.of(Roles.OPERATOR), secret);
  }

  private static ConfiguredKey demo(String apiKey, String principal, String role) {
    return new ConfiguredKey(
        apiKey, "Demo key for " + principal, principal, Set.of(role), apiKey + "-secret");
  }
}
