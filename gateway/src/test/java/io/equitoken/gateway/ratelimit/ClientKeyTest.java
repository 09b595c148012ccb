package io.equitoken.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClientKeyTest {

  @Test
  void shouldUseTheApiKeyOfTheTokenWhenPresent() {
    assertThat(ClientKey.authenticated("key-1", "inv-1"))
        .isEqualTo(new ClientKey("key:key-1", false));
  }

  @Test
  void shouldFallBackToThePrincipalWhenTokenNamesNoApiKey() {
    assertThat(ClientKey.authenticated(null, "inv-1")).isEqualTo(new ClientKey("sub:inv-1", false));
    assertThat(ClientKey.authenticated(" ", "inv-1").value()).isEqualTo("sub:inv-1");
  }

  @Test
  void shouldUseTheClientAddressForAnonymousCalls() {
    assertThat(ClientKey.anonymous("10.0.0.7")).isEqualTo(new ClientKey("ip:10.0.0.7", true));
    assertThat(ClientKey.anonymous(null).value()).isEqualTo("ip:unknown");
  }

  @Test
  void shouldRejectAnAuthenticatedCallerWithoutSubject() {
    assertThatThrownBy(() -> ClientKey.authenticated(null, null))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
