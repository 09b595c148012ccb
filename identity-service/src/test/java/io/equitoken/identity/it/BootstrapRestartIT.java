package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.IdentityApplication;
import io.equitoken.identity.bootstrap.DemoKeys;
import io.equitoken.identity.bootstrap.KeyProvisioning;
import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The bootstrap operator key survives restarts: starting another instance against the same database
 * with the same configuration changes nothing (one row, one created event), and a new configured
 * secret replaces the old one.
 */
class BootstrapRestartIT extends IdentityIntegrationTest {

  @Autowired DatabaseClient db;
  @Autowired KeyProvisioning provisioning;

  @Test
  void shouldLeaveTheBootstrapKeyUnchangedWhenAnotherInstanceStartsWithTheSameConfiguration() {
    // given: this context already provisioned the key at its start
    OffsetDateTime createdAt = createdAt();
    // when
    restartWithSecret(OPERATOR_SECRET);
    // then
    assertThat(rows()).isEqualTo(1);
    assertThat(createdEvents()).isEqualTo(1);
    assertThat(createdAt()).isEqualTo(createdAt);
    requestToken(Map.of("apiKey", OPERATOR_KEY, "secret", OPERATOR_SECRET)).expectStatus().isOk();
  }

  @Test
  void shouldReplaceTheSecretWhenTheConfiguredSecretChanges() {
    try {
      // when
      restartWithSecret("a-rotated-bootstrap-secret-0123456789");
      // then
      requestToken(Map.of("apiKey", OPERATOR_KEY, "secret", OPERATOR_SECRET))
          .expectStatus()
          .isUnauthorized();
      requestToken(
              Map.of("apiKey", OPERATOR_KEY, "secret", "a-rotated-bootstrap-secret-0123456789"))
          .expectStatus()
          .isOk();
      assertThat(rows()).isEqualTo(1);
      assertThat(createdEvents()).isEqualTo(1);
    } finally {
      // restore what the other tests of this shared context rely on
      provisioning.ensure(DemoKeys.bootstrapOperator(OPERATOR_KEY, OPERATOR_SECRET)).block();
    }
  }

  private void restartWithSecret(String secret) {
    TestDatabase database = TestInfrastructure.database("identity");
    Map<String, Object> properties = new HashMap<>();
    properties.put("server.port", "0");
    properties.put("spring.r2dbc.url", database.r2dbcUrl());
    properties.put("spring.r2dbc.username", database.username());
    properties.put("spring.r2dbc.password", database.password());
    properties.put("spring.flyway.url", database.jdbcUrl());
    properties.put("spring.flyway.user", database.username());
    properties.put("spring.flyway.password", database.password());
    properties.put("spring.kafka.bootstrap-servers", TestInfrastructure.kafkaBootstrapServers());
    properties.put("equitoken.security.issuer", TestJwtIssuer.ISSUER);
    properties.put("equitoken.security.audience", TestJwtIssuer.AUDIENCE);
    properties.put("equitoken.security.jwks-uri", TestJwtIssuer.jwksUri());
    properties.put("equitoken.identity.key-encryption-key", KEK);
    properties.put("equitoken.identity.secret-pepper", PEPPER);
    properties.put("equitoken.bootstrap.api-key", OPERATOR_KEY);
    properties.put("equitoken.bootstrap.secret", secret);
    properties.put("equitoken.events.relay-enabled", "false");
    // command-line arguments: they outrank application.yml, as the environment does in production
    String[] args =
        properties.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    try (ConfigurableApplicationContext restarted =
        new SpringApplicationBuilder(IdentityApplication.class).run(args)) {
      assertThat(restarted.isRunning()).isTrue();
    }
  }

  private long rows() {
    return db.sql("select count(*) as n from api_key where id = :id")
        .bind("id", OPERATOR_KEY)
        .map(r -> r.get("n", Long.class))
        .one()
        .block();
  }

  private long createdEvents() {
    return db.sql(
            "select count(*) as n from outbox_event where subject = :id and event_type = :type")
        .bind("id", OPERATOR_KEY)
        .bind("type", "equitoken.identity.api-key.created.v1")
        .map(r -> r.get("n", Long.class))
        .one()
        .block();
  }

  private OffsetDateTime createdAt() {
    return db.sql("select created_at from api_key where id = :id")
        .bind("id", OPERATOR_KEY)
        .map(r -> r.get("created_at", OffsetDateTime.class))
        .one()
        .block();
  }
}
