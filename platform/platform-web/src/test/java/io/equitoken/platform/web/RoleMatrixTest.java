package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

class RoleMatrixTest {

  @Test
  void shouldAllowOnlyTheNamedRoles() {
    RoleMatrix matrix = RoleMatrix.builder().allow(HttpMethod.GET, "/x", Roles.INVESTOR).build();
    RoleMatrix.Rule rule = matrix.rules().get(0);
    assertThat(rule.allows(Set.of(Roles.INVESTOR))).isTrue();
    assertThat(rule.allows(Set.of(Roles.PARTNER, Roles.FOUNDER))).isFalse();
    assertThat(rule.allows(Set.of())).isFalse();
  }

  @Test
  void shouldRejectUnknownRolesAndEmptyRules() {
    assertThatThrownBy(() -> RoleMatrix.builder().allow(HttpMethod.GET, "/x", "admin"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RoleMatrix.builder().allow(HttpMethod.GET, "/x"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
