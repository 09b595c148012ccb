package io.equitoken.webhooks.it;

import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.webhooks.WebhooksApplication;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts a whole application instance of its own, on a database and consumer group of its own. */
final class Instances {

  private Instances() {}

  static ConfigurableApplicationContext start(
      String database, String group, Map<String, String> extra) {
    TestDatabase db = TestInfrastructure.database(database);
    Map<String, Object> props = new HashMap<>();
    props.put("server.port", "0");
    props.put("spring.r2dbc.url", db.r2dbcUrl());
    props.put("spring.r2dbc.username", db.username());
    props.put("spring.r2dbc.password", db.password());
    props.put("spring.flyway.url", db.jdbcUrl());
    props.put("spring.flyway.user", db.username());
    props.put("spring.flyway.password", db.password());
    props.put("spring.kafka.bootstrap-servers", TestInfrastructure.kafkaBootstrapServers());
    props.put("spring.kafka.consumer.group-id", group);
    props.put("equitoken.security.issuer", TestJwtIssuer.ISSUER);
    props.put("equitoken.security.audience", TestJwtIssuer.AUDIENCE);
    props.put("equitoken.security.jwks-uri", "http://127.0.0.1:9/jwks");
    props.put("equitoken.webhooks.allow-loopback-receivers", "true");
    props.put("equitoken.webhooks.poll-interval", "50ms");
    props.put("equitoken.webhooks.secret-key", WebhooksIntegrationBase.SECRET_KEY);
    props.putAll(extra);
    // as command-line arguments: they outrank application.yml (default properties would not)
    String[] args =
        props.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    return new SpringApplicationBuilder(WebhooksApplication.class).run(args);
  }
}
