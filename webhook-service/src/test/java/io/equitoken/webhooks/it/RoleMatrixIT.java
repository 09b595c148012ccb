package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.RoleMatrixWalker;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every cell of the role matrix with real tokens (platform-test's {@link RoleMatrixWalker}): every
 * role may manage its own webhooks (the endpoint's success answer on its own subscription), a token
 * without roles gets 403 everywhere, no or a bad token 401. The table must name exactly the rules
 * of the {@link RoleMatrix} bean.
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
    TEST(HttpMethod.POST, "/webhooks/subscriptions/{id}/test", HttpStatus.ACCEPTED),
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

    static Endpoint of(RoleMatrixWalker.Rule rule) {
      return Stream.of(values())
          .filter(
              e -> e.method.name().equals(rule.method()) && e.pattern.equals(rule.pathPattern()))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no endpoint in this test for " + rule));
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Autowired RoleMatrix matrix;
  @LocalServerPort int port;

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
    RoleMatrixWalker.assertDeclares(
        matrix,
        Stream.of(Endpoint.values())
            .map(e -> RoleMatrixWalker.row(e.method.name(), e.pattern, ANY))
            .toList());
  }

  @Test
  void shouldLetEveryRoleManageItsOwnWebhooksAndRefuseTheOthers() {
    // every endpoint × every role, anonymous and a token without roles: a caller with a role (a
    // principal of its own per cell) gets the endpoint's success answer on its own subscription; a
    // token without roles 403 forbidden and nothing stored, no token 401 unauthenticated; both as
    // problem+json
    var cells =
        RoleMatrixWalker.of(matrix, "http://127.0.0.1:" + port)
            .subjects(caller -> caller + "-" + UUID.randomUUID())
            .withTokenWithoutRoles()
            .prepare(
                (rule, role, subject) -> {
                  Endpoint endpoint = Endpoint.of(rule);
                  String uri =
                      role == null
                          ? endpoint
                              .pattern
                              .replace("{id}", UUID.randomUUID().toString())
                              .replace("{deliveryId}", UUID.randomUUID().toString())
                          : prepare(endpoint, TestJwtIssuer.token(subject, role));
                  Object body = body(endpoint);
                  return RoleMatrixWalker.Request.of(
                      uri, body == null ? null : JSON.writeValueAsString(body));
                })
            .expectAllowed(rule -> Endpoint.of(rule).success.value())
            .afterEach(
                cell -> {
                  if (cell.subject() == null) {
                    return;
                  }
                  if (!cell.allowed()) {
                    assertThat(
                            count(
                                "select count(*) from subscription where owner_id = $1",
                                cell.subject()))
                        .as("%s stored nothing", cell)
                        .isZero();
                  }
                  db.sql("delete from subscription where owner_id = $1")
                      .bind(0, cell.subject())
                      .then()
                      .block();
                })
            .walk();

    assertThat(cells).hasSize(Endpoint.values().length * (Roles.ALL.size() + 2));
    assertThat(cells)
        .filteredOn(c -> Roles.ALL.contains(c.role()))
        .allSatisfy(c -> assertThat(c.allowed()).isTrue());
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
                      .isAccepted())
              .get("deliveryId")
              .asString();
      // sent at once: replayable once its attempt is recorded (a leased one is not)
      org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(30))
          .until(
              () ->
                  count(
                          "select count(*) from delivery where id = $1 and lease_until is null"
                              + " and status <> 'pending'",
                          java.util.UUID.fromString(deliveryId))
                      == 1);
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
