package io.equitoken.trading.service.it;

import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Base of the integration tests that run the embedded matcher: each class has a context and a
 * database of its own ({@link #registerMatcher}), closed afterwards so that its matcher never acts
 * on another class's commands; each test gets a new issuer with a tradable token.
 */
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
public abstract class MatcherIntegrationTest extends TradingContext {

  protected String issuer;
  protected String token;

  /** The class's own database and the matcher's instance id, unique among the classes. */
  static void registerMatcher(
      DynamicPropertyRegistry registry, String database, String instanceId) {
    register(registry, database, true);
    registry.add("equitoken.trading.matcher.instance-id", () -> instanceId);
  }

  @BeforeEach
  void issuerAndToken() {
    issuer = "founder-" + UUID.randomUUID();
    token = fixtures.tradableToken(issuer);
  }
}
