package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Every cell of the role matrix, allowed and denied, with real tokens: an allowed role gets the
 * endpoint's success answer (a founder on their own listing), a denied role a 403 problem and no
 * change. The table below must name exactly the rules of the {@link RoleMatrix} bean.
 */
class RoleMatrixIT extends ListingsIntegrationTest {

  private static final Set<String> ANY = Set.copyOf(Roles.ALL);
  private static final Set<String> WRITERS = Set.of(Roles.FOUNDER, Roles.OPERATOR);
  private static final Set<String> OPERATORS = Set.of(Roles.OPERATOR);

  /** One endpoint: who may call it and what it answers when allowed. */
  enum Endpoint {
    LIST(HttpMethod.GET, "/listings", ANY, HttpStatus.OK, "active"),
    DETAIL(HttpMethod.GET, "/listings/{id}", ANY, HttpStatus.OK, "active"),
    TOKEN(HttpMethod.GET, "/tokens/{tokenId}", ANY, HttpStatus.OK, "active"),
    COMPARTMENT(HttpMethod.GET, "/tokens/{tokenId}/compartment", ANY, HttpStatus.OK, "active"),
    CREATE(HttpMethod.POST, "/listings", WRITERS, HttpStatus.CREATED, null),
    EDIT(HttpMethod.PATCH, "/listings/{id}", WRITERS, HttpStatus.OK, "draft"),
    PUBLISH(HttpMethod.POST, "/listings/{id}/publish", WRITERS, HttpStatus.OK, "draft+token"),
    CLOSE(HttpMethod.POST, "/listings/{id}/close", WRITERS, HttpStatus.OK, "active"),
    ISSUE(HttpMethod.POST, "/listings/{id}/token", WRITERS, HttpStatus.CREATED, "draft"),
    SUSPEND(HttpMethod.POST, "/listings/{id}/suspend", OPERATORS, HttpStatus.OK, "active"),
    REACTIVATE(HttpMethod.POST, "/listings/{id}/reactivate", OPERATORS, HttpStatus.OK, "suspended");

    final HttpMethod method;
    final String pattern;
    final Set<String> allowed;
    final HttpStatus success;
    final String needs;

    Endpoint(
        HttpMethod method, String pattern, Set<String> allowed, HttpStatus success, String needs) {
      this.method = method;
      this.pattern = pattern;
      this.allowed = allowed;
      this.success = success;
      this.needs = needs;
    }
  }

  @Autowired RoleMatrix matrix;

  @Test
  void shouldTestExactlyTheRulesOfTheRoleMatrixBean() {
    // given the matrix the service enforces
    Set<String> declared =
        matrix.rules().stream()
            .map(r -> r.method() + " " + r.pathPattern() + " " + new java.util.TreeSet<>(r.roles()))
            .collect(Collectors.toSet());

    // when compared with this test's table
    Set<String> tested =
        Stream.of(Endpoint.values())
            .map(e -> e.method + " " + e.pattern + " " + new java.util.TreeSet<>(e.allowed))
            .collect(Collectors.toSet());

    // then they are the same cells
    assertThat(tested).isEqualTo(declared);
  }

  static Stream<Arguments> cells() {
    List<Arguments> cells = new ArrayList<>();
    for (Endpoint endpoint : Endpoint.values()) {
      for (String role : Roles.ALL) {
        cells.add(Arguments.of(endpoint, role, endpoint.allowed.contains(role)));
      }
    }
    return cells.stream();
  }

  @ParameterizedTest(name = "{0} as {1}: allowed={2}")
  @MethodSource("cells")
  void shouldAllowExactlyTheRolesOfTheMatrix(Endpoint endpoint, String role, boolean allowed) {
    // given a caller with the role (a founder acting on their own listing) and a listing in the
    // state the endpoint needs
    String sub = role + "-" + UUID.randomUUID();
    String owner = role.equals(Roles.FOUNDER) ? sub : Api.newFounder();
    Target target = prepare(endpoint, owner);

    // when the caller calls the endpoint
    var response =
        api.call(endpoint.method, target.uri, TestJwtIssuer.token(sub, role), body(endpoint));

    // then it answers success if the role is allowed, else a 403 problem and nothing changes
    if (allowed) {
      response.expectStatus().isEqualTo(endpoint.success);
    } else {
      response
          .expectStatus()
          .isForbidden()
          .expectHeader()
          .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("forbidden");
      if (target.listingId != null) {
        assertThat(
                Api.json(
                        api.call(
                            HttpMethod.GET, "/listings/" + target.listingId, Api.operator(), null))
                    .get("status")
                    .asString())
            .isEqualTo(target.status);
      }
    }
  }

  @ParameterizedTest(name = "{0} with a token without roles")
  @MethodSource("endpoints")
  void shouldDenyATokenWithoutRolesEverywhere(Endpoint endpoint) {
    Target target = prepare(endpoint, Api.newFounder());

    api.call(endpoint.method, target.uri, TestJwtIssuer.token("nobody"), body(endpoint))
        .expectStatus()
        .isForbidden();
  }

  @ParameterizedTest(name = "{0} without a token")
  @MethodSource("endpoints")
  void shouldAnswer401WithoutAToken(Endpoint endpoint) {
    api.call(
            endpoint.method,
            endpoint.pattern.replace("{id}", "x").replace("{tokenId}", "x"),
            null,
            body(endpoint))
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
    api.call(HttpMethod.GET, "/listings", token, null)
        .expectStatus()
        .isUnauthorized()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("invalid-token");
  }

  private record Target(String uri, String listingId, String status) {}

  private Target prepare(Endpoint endpoint, String owner) {
    if (endpoint.needs == null) {
      return new Target(endpoint.pattern, null, null);
    }
    String id;
    String status;
    switch (endpoint.needs) {
      case "draft" -> {
        id = api.draft(owner);
        status = "draft";
      }
      case "draft+token" -> {
        id = api.draft(owner);
        api.issue(owner, id);
        status = "draft";
      }
      default -> {
        id = api.inStatus(owner, endpoint.needs);
        status = endpoint.needs;
      }
    }
    String tokenId = Api.text(api.get("/listings/" + id, Api.operator()), "tokenId");
    String uri =
        endpoint.pattern.equals("/listings")
            ? "/listings"
            : endpoint
                .pattern
                .replace("{id}", id)
                .replace("{tokenId}", tokenId == null ? "none" : tokenId);
    return new Target(uri, id, status);
  }

  private static Object body(Endpoint endpoint) {
    return switch (endpoint) {
      case CREATE -> Api.listingBody("Matrix " + UUID.randomUUID(), "ai", "seed", "FR");
      case EDIT -> Map.of("description", "Edited by the matrix test.");
      case ISSUE -> Api.tokenBody(Api.newIsin());
      default -> null;
    };
  }
}
