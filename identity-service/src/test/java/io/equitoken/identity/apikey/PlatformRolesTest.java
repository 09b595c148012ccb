package io.equitoken.identity.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.web.Roles;
import org.junit.jupiter.api.Test;

class PlatformRolesTest {

  @Test
  void shouldKnowExactlyThePlatformsRoles() {
    assertThat(PlatformRoles.ALL).containsExactlyElementsOf(Roles.ALL);
  }
}
