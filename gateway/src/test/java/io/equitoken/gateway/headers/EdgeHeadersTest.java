package io.equitoken.gateway.headers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EdgeHeadersTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "X-Principal-Id",
        "x-principal-roles",
        "X-User-Id",
        "X-USER-EMAIL",
        "X-Roles",
        "X-Forwarded-User",
        "X-Forwarded-Email",
        "X-Auth-Request-User",
        "X-Authenticated-Userid",
        "Remote-User"
      })
  void shouldTreatIdentityAssertionsAsClientIdentityHeaders(String name) {
    assertThat(EdgeHeaders.isClientIdentityHeader(name)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Authorization",
        "X-Request-Id",
        "Accept",
        "Content-Type",
        "Idempotency-Key",
        "X-Forwarded-For",
        "User-Agent"
      })
  void shouldKeepOrdinaryHeaders(String name) {
    assertThat(EdgeHeaders.isClientIdentityHeader(name)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"it-5d2b1c9e", "0f8fad5b-d9cb-469f-a165-70867728950e", "req.2024:abc_1"})
  void shouldKeepASaneClientRequestId(String id) {
    assertThat(EdgeHeaders.requestId(id)).isEqualTo(id);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "short", "has space in it", "semi;colon;value", "a\u00e9bcdefghij"})
  void shouldReplaceAnUnacceptableRequestIdWithAUuid(String id) {
    assertThat(EdgeHeaders.requestId(id)).isNotEqualTo(id).matches("[0-9a-f-]{36}");
  }
}
