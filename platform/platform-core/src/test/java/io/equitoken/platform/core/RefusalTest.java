package io.equitoken.platform.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RefusalTest {

  @Test
  void kindsCarryTheirStatus() {
    assertThat(Refusal.Kind.BAD_REQUEST.status()).isEqualTo(400);
    assertThat(Refusal.Kind.FORBIDDEN.status()).isEqualTo(403);
    assertThat(Refusal.Kind.NOT_FOUND.status()).isEqualTo(404);
    assertThat(Refusal.Kind.CONFLICT.status()).isEqualTo(409);
    assertThat(Refusal.Kind.UNPROCESSABLE.status()).isEqualTo(422);
  }

  @Test
  void fieldAndExtensionsAreAddedWithoutMutatingTheOriginal() {
    Refusal plain = Refusal.conflict("listing-closed", "The listing is closed.");
    Refusal detailed = plain.withField("listingId").with("status", "closed");

    assertThat(plain.field()).isNull();
    assertThat(plain.extensions()).isEmpty();
    assertThat(detailed.field()).isEqualTo("listingId");
    assertThat(detailed.extensions()).containsEntry("status", "closed");
    assertThat(detailed.status()).isEqualTo(409);
  }

  @Test
  void exceptionCarriesTheRefusal() {
    Refusal refusal = Refusal.notFound("order-not-found", "No order o-1 exists.");
    RefusedException e = refusal.exception();
    assertThat(e.refusal()).isEqualTo(refusal);
    assertThat(e).hasMessage("No order o-1 exists.");
    assertThat(e.getStackTrace()).isEmpty();
  }

  @Test
  void anInvalidMemberIsAValidationFailureNamingIt() {
    Refusal refusal = Refusal.invalidMember("status", "must be enabled or disabled");
    assertThat(refusal.status()).isEqualTo(400);
    assertThat(refusal.code()).isEqualTo("validation-failed");
    assertThat(refusal.detail()).isEqualTo("status must be enabled or disabled.");
    assertThat(refusal.field()).isEqualTo("status");
    assertThat(refusal.extensions())
        .containsEntry(
            "errors",
            java.util.List.of(
                java.util.Map.of("field", "status", "message", "must be enabled or disabled")));
  }

  @Test
  void rolesAreValidated() {
    assertThat(Roles.isKnown("investor")).isTrue();
    assertThat(Roles.isKnown("admin")).isFalse();
    assertThat(Roles.isKnown(null)).isFalse();
    assertThat(Roles.allKnown(java.util.List.of("operator", "partner"))).isTrue();
    assertThatThrownBy(() -> Roles.requireKnown("root"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("root");
  }
}
