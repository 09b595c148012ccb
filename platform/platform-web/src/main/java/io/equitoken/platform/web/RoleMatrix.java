package io.equitoken.platform.web;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpMethod;

/**
 * The role → endpoint matrix of one service, kept in one place. Each rule names a method, a path
 * pattern (Spring's {@code PathPattern} syntax) and who may call it. Rules are checked in order;
 * paths no rule names are open to any authenticated caller (they answer 404 or 405), so every real
 * endpoint must appear here — each service's role-matrix test walks this list.
 */
public final class RoleMatrix {

  /** One cell row: {@code roles} empty with {@code anonymous} true means no token is needed. */
  public record Rule(HttpMethod method, String pathPattern, Set<String> roles, boolean anonymous) {
    public Rule {
      roles = Set.copyOf(roles);
    }

    public boolean allows(Set<String> callerRoles) {
      return anonymous || callerRoles.stream().anyMatch(roles::contains);
    }
  }

  private final List<Rule> rules;

  private RoleMatrix(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  public List<Rule> rules() {
    return rules;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds a matrix; role names must be platform roles (see {@link Roles}). */
  public static final class Builder {
    private final List<Rule> rules = new ArrayList<>();

    public Builder anonymous(HttpMethod method, String pathPattern) {
      rules.add(new Rule(method, pathPattern, Set.of(), true));
      return this;
    }

    public Builder allow(HttpMethod method, String pathPattern, String... roles) {
      Set<String> set = new LinkedHashSet<>(List.of(roles));
      for (String role : set) {
        if (!Roles.isKnown(role)) {
          throw new IllegalArgumentException("Unknown role " + role);
        }
      }
      if (set.isEmpty()) {
        throw new IllegalArgumentException("A rule needs at least one role: " + pathPattern);
      }
      rules.add(new Rule(method, pathPattern, set, false));
      return this;
    }

    public Builder allowAnyRole(HttpMethod method, String pathPattern) {
      return allow(method, pathPattern, Roles.ALL.toArray(String[]::new));
    }

    public RoleMatrix build() {
      return new RoleMatrix(rules);
    }
  }
}
