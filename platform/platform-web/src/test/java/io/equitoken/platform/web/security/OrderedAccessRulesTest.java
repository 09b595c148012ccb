package io.equitoken.platform.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.authorization.AuthenticatedReactiveAuthorizationManager;
import org.springframework.security.authorization.AuthorityReactiveAuthorizationManager;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.ReactiveAuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.server.authorization.AuthorizationContext;
import org.springframework.security.web.server.authorization.DelegatingReactiveAuthorizationManager;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcherEntry;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The walk decides every request as Spring Security's chain of path matchers built from the same
 * rules does: the first matching rule, methods ({@code null}: any), path variables, {@code **},
 * trailing slashes, encoded and unknown paths, open rules, roles and unauthenticated callers.
 */
class OrderedAccessRulesTest {

  /** Method (null: any), path, roles (none: open), in the order they are tried. */
  private record Rule(HttpMethod method, String path, String... roles) {}

  private static final List<Rule> RULES =
      List.of(
          new Rule(HttpMethod.GET, "/actuator/health"),
          new Rule(HttpMethod.GET, "/actuator/health/**"),
          new Rule(HttpMethod.POST, "/auth/token"),
          new Rule(HttpMethod.GET, "/listings", "investor", "founder"),
          new Rule(HttpMethod.GET, "/listings/{id}", "investor"),
          new Rule(HttpMethod.PATCH, "/listings/{id}", "founder"),
          new Rule(HttpMethod.POST, "/listings/{id}/suspend", "operator"),
          new Rule(HttpMethod.POST, "/trade", "investor", "founder"),
          new Rule(HttpMethod.GET, "/trade/**", "investor", "operator"),
          new Rule(null, "/trade", "operator"),
          new Rule(null, "/trade/**", "operator"),
          new Rule(HttpMethod.DELETE, "/webhooks/{id}", "partner"));

  private static final List<String> PATHS =
      List.of(
          "/actuator/health",
          "/actuator/health/liveness",
          "/auth/token",
          "/auth/token/",
          "/listings",
          "/listings/",
          "/listings/lst-1",
          "/listings/lst-1/",
          "/listings/lst%2F1",
          "/listings/lst-1/suspend",
          "/trade",
          "/trade/",
          "/trade/orders/o-1",
          "/webhooks/w-1",
          "/webhooks",
          "/nowhere",
          "/");

  private static final List<HttpMethod> METHODS =
      List.of(
          HttpMethod.GET,
          HttpMethod.HEAD,
          HttpMethod.POST,
          HttpMethod.PATCH,
          HttpMethod.DELETE,
          HttpMethod.OPTIONS);

  private static final List<Authentication> CALLERS =
      List.of(
          caller("investor"),
          caller("founder"),
          caller("operator"),
          caller("partner"),
          caller("investor", "operator"),
          new AnonymousAuthenticationToken(
              "key", "anonymous", AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));

  @Test
  void shouldDecideEveryRequestAsSpringSecuritysPathMatchersDo() {
    OrderedAccessRules walk = walk();
    ReactiveAuthorizationManager<ServerWebExchange> spring = springChain();
    List<String> compared = new ArrayList<>();
    for (HttpMethod method : METHODS) {
      for (String path : PATHS) {
        ServerWebExchange exchange =
            MockServerWebExchange.from(MockServerHttpRequest.method(method, path));
        for (Authentication caller : callers()) {
          String request = method + " " + path + " as " + describe(caller);
          assertThat(granted(walk.authorize(mono(caller), new AuthorizationContext(exchange))))
              .as(request)
              .isEqualTo(granted(spring.authorize(mono(caller), exchange)));
          compared.add(request);
        }
      }
    }
    assertThat(compared).hasSize(METHODS.size() * PATHS.size() * (CALLERS.size() + 1));
  }

  @Test
  void shouldLetTheFirstMatchingRuleDecide() {
    // GET /trade/x: investors by the GET rule, though the later any-method rule names operators
    ServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/trade/x"));
    OrderedAccessRules walk = walk();
    assertThat(
            granted(walk.authorize(mono(caller("investor")), new AuthorizationContext(exchange))))
        .isTrue();
    ServerWebExchange delete = MockServerWebExchange.from(MockServerHttpRequest.delete("/trade/x"));
    assertThat(granted(walk.authorize(mono(caller("investor")), new AuthorizationContext(delete))))
        .isFalse();
    assertThat(granted(walk.authorize(mono(caller("operator")), new AuthorizationContext(delete))))
        .isTrue();
  }

  private static OrderedAccessRules walk() {
    OrderedAccessRules.Builder rules = OrderedAccessRules.builder();
    for (Rule r : RULES) {
      if (r.roles().length == 0) {
        rules.open(r.method(), r.path());
      } else {
        rules.roles(r.method(), r.path(), r.roles());
      }
    }
    return rules.build();
  }

  /** What {@code authorizeExchange(e -> e.pathMatchers(m, p).hasAnyRole(…)…)} builds. */
  private static ReactiveAuthorizationManager<ServerWebExchange> springChain() {
    DelegatingReactiveAuthorizationManager.Builder chain =
        DelegatingReactiveAuthorizationManager.builder();
    for (Rule r : RULES) {
      ReactiveAuthorizationManager<AuthorizationContext> access =
          r.roles().length == 0
              ? (a, c) -> Mono.just(new AuthorizationDecision(true))
              : AuthorityReactiveAuthorizationManager.hasAnyRole(r.roles());
      chain.add(
          new ServerWebExchangeMatcherEntry<>(
              ServerWebExchangeMatchers.pathMatchers(r.method(), r.path()), access));
    }
    chain.add(
        new ServerWebExchangeMatcherEntry<>(
            ServerWebExchangeMatchers.anyExchange(),
            AuthenticatedReactiveAuthorizationManager.authenticated()));
    return chain.build();
  }

  /** The callers, and no caller at all. */
  private static List<Authentication> callers() {
    List<Authentication> all = new ArrayList<>(CALLERS);
    all.add(null);
    return all;
  }

  private static Mono<Authentication> mono(Authentication caller) {
    return Mono.justOrEmpty(caller);
  }

  private static boolean granted(Mono<AuthorizationResult> result) {
    AuthorizationResult r = result.block(Duration.ofSeconds(5));
    return r != null && r.isGranted();
  }

  private static Authentication caller(String... roles) {
    TestingAuthenticationToken token =
        new TestingAuthenticationToken(
            "principal",
            "n/a",
            AuthorityUtils.createAuthorityList(
                java.util.Arrays.stream(roles).map(r -> "ROLE_" + r).toArray(String[]::new)));
    token.setAuthenticated(true);
    return token;
  }

  private static String describe(Authentication caller) {
    return caller == null ? "nobody" : caller.getAuthorities().toString();
  }
}
