package io.equitoken.platform.web.security;

import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.authorization.AuthenticatedReactiveAuthorizationManager;
import org.springframework.security.authorization.AuthorityReactiveAuthorizationManager;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.ReactiveAuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.server.authorization.AuthorizationContext;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * A service's access rules as one authorization manager: the rules are walked in order on the
 * request's thread and the first whose method and path match decides — no check for an open rule,
 * Spring Security's own role check otherwise; a request no rule names needs an authenticated
 * caller. Spring Security's chain of {@code pathMatchers(…)} decides the same with one reactive
 * matcher per rule, tried one after another (a request named late in a matrix of fifty rules went
 * through fifty of them); here each rule is a method comparison and a {@link PathPattern} match,
 * parsed and matched as those matchers parse and match theirs.
 */
public final class OrderedAccessRules
    implements ReactiveAuthorizationManager<AuthorizationContext> {

  private static final Mono<AuthorizationResult> GRANTED =
      Mono.just(new AuthorizationDecision(true));

  private static final ReactiveAuthorizationManager<AuthorizationContext> OPEN =
      (authentication, context) -> GRANTED;

  private static final ReactiveAuthorizationManager<AuthorizationContext> OTHERWISE =
      AuthenticatedReactiveAuthorizationManager.authenticated();

  /** One rule: its method ({@code null}: any), its path and who decides. */
  private record Rule(
      HttpMethod method,
      PathPattern path,
      ReactiveAuthorizationManager<AuthorizationContext> access) {

    boolean matches(HttpMethod requestMethod, PathContainer requestPath) {
      return (method == null || method.equals(requestMethod)) && path.matches(requestPath);
    }
  }

  private final List<Rule> rules;

  private OrderedAccessRules(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Mono<AuthorizationResult> authorize(
      Mono<Authentication> authentication, AuthorizationContext context) {
    ServerHttpRequest request = context.getExchange().getRequest();
    HttpMethod method = request.getMethod();
    PathContainer path = request.getPath().pathWithinApplication();
    for (Rule rule : rules) {
      if (rule.matches(method, path)) {
        return rule.access().authorize(authentication, context);
      }
    }
    return OTHERWISE.authorize(authentication, context);
  }

  /** Rules in the order they are tried. */
  public static final class Builder {

    private final List<Rule> rules = new ArrayList<>();

    private Builder() {}

    /** {@code method} ({@code null}: any) on these paths needs no token. */
    public Builder open(HttpMethod method, String... paths) {
      for (String path : paths) {
        rules.add(new Rule(method, parse(path), OPEN));
      }
      return this;
    }

    /** {@code method} ({@code null}: any) on {@code path} needs one of {@code roles}. */
    public Builder roles(HttpMethod method, String path, String... roles) {
      rules.add(
          new Rule(method, parse(path), AuthorityReactiveAuthorizationManager.hasAnyRole(roles)));
      return this;
    }

    public OrderedAccessRules build() {
      return new OrderedAccessRules(rules);
    }

    /** As Spring Security's path matchers parse a pattern. */
    private static PathPattern parse(String pattern) {
      PathPatternParser parser = PathPatternParser.defaultInstance;
      return parser.parse(parser.initFullPathPattern(pattern));
    }
  }
}
