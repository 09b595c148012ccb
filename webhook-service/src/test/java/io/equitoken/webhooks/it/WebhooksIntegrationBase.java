package io.equitoken.webhooks.it;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.webhooks.endpoint.HostResolver;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of every integration test against the shared, real PostgreSQL and Kafka: one Spring context
 * for all subclasses, real JWTs through a real JWKS endpoint, receivers on loopback (admitted by
 * the local-runs setting), short timeouts so failure paths stay quick.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@Import(WebhooksIntegrationBase.ScriptedDns.class)
public abstract class WebhooksIntegrationBase {

  /** Test-only key sealing the signing secrets (the service has no built-in one). */
  static final String SECRET_KEY = "dGVzdC1vbmx5LXdlYmhvb2stc2VjcmV0LWtleS0zMiE=";

  /** DNS the tests can script per host name (e.g. to rebind one); others resolve normally. */
  @TestConfiguration
  static class ScriptedDns {
    static final Map<String, Deque<String>> ANSWERS = new ConcurrentHashMap<>();

    @Bean
    HostResolver hostResolver() {
      return host -> {
        Deque<String> answers = ANSWERS.get(host);
        if (answers == null) {
          return HostResolver.system().resolve(host);
        }
        String next = answers.size() > 1 ? answers.poll() : answers.peek();
        return List.of(InetAddress.getByName(next));
      };
    }
  }

  /** {@code host} resolves to each answer in turn, then keeps the last one. */
  protected static void dns(String host, String... answers) {
    ScriptedDns.ANSWERS.put(host, new ConcurrentLinkedDeque<>(List.of(answers)));
  }

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "webhooks");
    TestInfrastructure.registerKafka(registry);
    TestJwtIssuer.register(registry);
    registry.add("equitoken.webhooks.allow-loopback-receivers", () -> "true");
    registry.add("equitoken.webhooks.poll-interval", () -> "50ms");
    registry.add("equitoken.webhooks.secret-key", () -> SECRET_KEY);
    registry.add("equitoken.webhooks.connect-timeout", () -> "2s");
    registry.add("equitoken.webhooks.response-timeout", () -> "3s");
    // small enough that one owner's 16 subscriptions (4 slots each) could fill every slot
    registry.add("equitoken.webhooks.max-in-flight", () -> "64");
    registry.add("equitoken.webhooks.per-owner-concurrency", () -> "16");
  }

  @Autowired private WebTestClient client;
  @Autowired protected DatabaseClient db;
  protected WebTestClient web;
  protected Api api;

  @BeforeEach
  void client() {
    // generous: the build machine has 2 shared cores
    web = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
    api = new Api(web);
  }

  protected long count(String sql, Object... params) {
    var spec = db.sql(sql);
    for (int i = 0; i < params.length; i++) {
      spec = spec.bind(i, params[i]);
    }
    return spec.map(row -> row.get(0, Long.class)).one().block(Duration.ofSeconds(10));
  }
}
