package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Every cell of the role matrix with real tokens: every role may manage its own webhooks (the
 * endpoint's success answer on its own subscription), a token without roles gets 403 everywhere, no
 * or a bad token 401. The table must name exactly the rules of the {@link RoleMatrix} bean.
 */
class RoleMatrixIT extends WebhooksIntegrationBase {

  private static final Set<String> ANY = Set.copyOf(Roles.ALL);
  private static WebhookReceiver receiver;

  enum Endpoint {
    EVENT_TYPES(HttpMethod.GET, "/webhooks/event-types", HttpStatus.OK),
    CREATE(HttpMethod.POST, "/webhooks/subscriptions", HttpStatus.CREATED),
    LIST(HttpMethod.GET, "/webhooks/subscriptions", HttpStatus.OK),
    READ(HttpMethod.GET, "/webhooks/subscriptions/{id}", HttpStatus.OK),
    UPDATE(HttpMethod.PATCH, "/webhooks/subscriptions/{id}", HttpStatus.OK),
    DELETE(HttpMethod.DELETE, "/webhooks/subscriptions/{id}", HttpStatus.NO_CONTENT),
    ROTATE(HttpMethod.POST, "/webhooks/subscriptions/{id}/rotate-secret", HttpStatus.OK),
    TEST(HttpMethod.POST, "/webhooks/subscriptions/{id}/test", HttpStatus.OK),
    LOG(HttpMethod.GET, "/webhooks/subscriptions/{id}/deliveries", HttpStatus.OK),
    REPLAY(
        HttpMethod.POST,
        "/webhooks/subscriptions/{id}/deliveries/{deliveryId}/replay",
        HttpStatus.ACCEPTED),
    RECOVER(HttpMethod.POST, "/webhooks/subscriptions/{id}/recover", HttpStatus.ACCEPTED);

    final HttpMethod method;
    final String pattern;
    final HttpStatus success;

    Endpoint(HttpMethod method, String pattern, HttpStatus success) {
      this.method = method;
      this.pattern = pattern;
      this.success = success;
    }
  }

  @Autowired RoleMatrix matrix;

  @BeforeAll
  static void start() {
    receiver = new WebhookReceiver();
  }

  @AfterAll
  static void stop() {
    receiver.close();
  }

  @Test
  void shouldTestExactlyTheRulesOfTheRoleMatrixBean() {
    Set<String> declared =
        matrix.rules().stream()
            .map(r -> r.method() + " " + r.pathPattern() + " " + new TreeSet<>(r.roles()))
            .collect(Collectors.toSet());
    Set<String> tested =
        Stream.of(Endpoint.values())
            .map(e -> e.method + " " + e.pattern + " " + new TreeSet<>(ANY))
            .collect(Collectors.toSet());
    assertThat(tested).isEqualTo(declared);
  }

  static Stream<Arguments> cells() {
    List<Arguments> cells = new ArrayList<>();
    for (Endpoint endpoint : Endpoint.values()) {
      for (String role : Roles.ALL) {
        cells.add(Arguments.of(endpoint, role));
      }
    }
    return cells.stream();
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("cells")
  void shouldLetEveryRoleManageItsOwnWebhooks(Endpoint endpoint, String role) {
    // given a caller with the role and, where the endpoint needs one, their own subscription
    String sub = role + "-" + UUID.randomUUID();
    String token = TestJwtIssuer.token(sub, role);
    try {
      String uri = prepare(endpoint, token);

      // when they call the endpoint, then it answers its success status
      api.call(endpoint.method, uri, token, body(endpoint))
          .expectStatus()
          .isEqualTo(endpoint.success);
    } finally {
      db.sql("delete from subscription where owner_id = $1").bind(0, sub).then().block();
    }
  }

  @ParameterizedTest(name = "{0} with a token without roles")
  @MethodSource("endpoints")
  void shouldDenyATokenWithoutRolesEverywhere(Endpoint endpoint) {
    String uri =
        endpoint
            .pattern
            .replace("{id}", UUID.randomUUID().toString())
            .replace("{deliveryId}", UUID.randomUUID().toString());
    api.call(endpoint.method, uri, TestJwtIssuer.token("nobody"), body(endpoint))
        .expectStatus()
        .isForbidden()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON);
    assertThat(count("select count(*) from subscription where owner_id = 'nobody'")).isZero();
  }

  @ParameterizedTest(name = "{0} without a token")
  @MethodSource("endpoints")
  void shouldAnswer401WithoutAToken(Endpoint endpoint) {
    String uri =
        endpoint
            .pattern
            .replace("{id}", UUID.randomUUID().toString())
            .replace("{deliveryId}", UUID.randomUUID().toString());
    api.call(endpoint.method, uri, null, body(endpoint))
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON);
  }

  static Stream<Endpoint> endpoints() {
    return Stream.of(Endpoint.values());
  }

  static Stream<Arguments> badTokens() {
    return Stream.of(
        Arguments.of("expired", TestJwtIssuer.expiredToken("inv", "investor")),
        Arguments.of("tampered", TestJwtIssuer.tamperedToken("inv", "investor")),
        Arguments.of(
            "signed by another key", TestJwtIssuer.tokenSignedByOtherKey("inv", "investor")),
        Arguments.of(
            "for another audience", TestJwtIssuer.tokenForAudience("other-api", "inv", "investor")),
        Arguments.of(
            "from another issuer",
            TestJwtIssuer.tokenFromIssuer("https://evil.example", "inv", "investor")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTokens")
  void shouldAnswer401ForAnInvalidToken(String why, String token) {
    api.call(HttpMethod.GET, "/webhooks/subscriptions", token, null)
        .expectStatus()
        .isUnauthorized()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("invalid-token");
  }

  private String prepare(Endpoint endpoint, String token) {
    if (!endpoint.pattern.contains("{id}")) {
      return endpoint.pattern;
    }
    String id = api.subscribe(token, receiver.url(), "trade.executed").get("id").asString();
    String uri = endpoint.pattern.replace("{id}", id);
    if (endpoint == Endpoint.REPLAY) {
      String deliveryId =
          Api.json(
                  api.call(HttpMethod.POST, "/webhooks/subscriptions/" + id + "/test", token, null)
                      .expectStatus()
                      .isOk())
              .get("deliveryId")
              .asString();
      uri = uri.replace("{deliveryId}", deliveryId);
    }
    return uri;
  }

  private Object body(Endpoint endpoint) {
    return switch (endpoint) {
      case CREATE -> Api.subscription(receiver.url(), "trade.executed");
      case UPDATE -> Map.of("description", "Changed by the matrix test");
      case RECOVER -> Map.of("since", "2026-01-01T00:00:00Z");
      default -> null;
    };
  }
}
