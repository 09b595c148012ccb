package io.equitoken.platform.web.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class QueryParamsTest {

  @Test
  void shouldReadEachTypeAndLeaveAbsentParametersNull() {
    UUID id = UUID.randomUUID();
    assertThat(QueryParams.uuid(id.toString(), "id")).isEqualTo(id);
    assertThat(QueryParams.instant("2026-11-20T10:00:00Z", "from"))
        .isEqualTo(Instant.parse("2026-11-20T10:00:00Z"));
    assertThat(QueryParams.decimal("12.50", "price")).isEqualByComparingTo(new BigDecimal("12.5"));
    assertThat(QueryParams.integer("7", "n", 1, 10)).isEqualTo(7L);
    assertThat(QueryParams.bool("false", "includeCash")).isFalse();
    assertThat(QueryParams.text("abcde", "tokenId", 5)).isEqualTo("abcde");
    assertThat(QueryParams.oneOf("b", "x", List.of("a", "b"))).isEqualTo("b");
    assertThat(QueryParams.uuid(null, "id")).isNull();
    assertThat(QueryParams.instant(null, "from")).isNull();
    assertThat(QueryParams.decimal(null, "price")).isNull();
    assertThat(QueryParams.integer(null, "n", 1, 10)).isNull();
    assertThat(QueryParams.bool(null, "b")).isNull();
  }

  @Test
  void shouldRefuseEveryMalformedValueAsInvalidParameterNamingIt() {
    refused(() -> QueryParams.uuid("not-a-uuid", "id"), "invalid-parameter", "id");
    // UUID.fromString takes "1-1-1-1-1"; the API does not
    refused(() -> QueryParams.uuid("1-1-1-1-1", "id"), "invalid-parameter", "id");
    refused(() -> QueryParams.instant("yesterday", "from"), "invalid-parameter", "from");
    refused(
        () -> QueryParams.instant("+999999999-12-31T23:59:59Z", "to"), "invalid-parameter", "to");
    refused(() -> QueryParams.decimal("1e5", "price"), "invalid-parameter", "price");
    refused(() -> QueryParams.decimal("1".repeat(65), "price"), "invalid-parameter", "price");
    refused(() -> QueryParams.integer("11", "n", 1, 10), "invalid-parameter", "n");
    refused(() -> QueryParams.integer("ten", "n", 1, 10), "invalid-parameter", "n");
    refused(() -> QueryParams.bool("yes", "includeCash"), "invalid-parameter", "includeCash");
    refused(() -> QueryParams.text(" ", "tokenId", 5), "invalid-parameter", "tokenId");
    refused(() -> QueryParams.text("abcdef", "tokenId", 5), "invalid-parameter", "tokenId");
  }

  @Test
  void shouldListTheAllowedValuesOfAClosedSet() {
    RefusedException e =
        catchRefused(
            () ->
                QueryParams.oneOf(
                    "SELL",
                    "side",
                    v -> v.equals("buy") ? Optional.of(1) : Optional.empty(),
                    List.of("buy")));
    assertThat(e.refusal().code()).isEqualTo("invalid-parameter");
    assertThat(e.refusal().field()).isEqualTo("side");
    assertThat(e.refusal().extensions()).containsEntry("allowed", List.of("buy"));
  }

  @Test
  void shouldRefuseARangeWhoseStartIsAfterItsEnd() {
    Instant t = Instant.parse("2026-11-20T10:00:00Z");
    QueryParams.ordered(t, t);
    QueryParams.ordered(null, t);
    refused(() -> QueryParams.ordered(t.plusSeconds(1), t), "invalid-range", "from");
  }

  @Test
  void shouldBoundThePageSizeWithOneCode() {
    assertThat(QueryParams.limit(null)).isEqualTo(QueryParams.DEFAULT_LIMIT);
    assertThat(QueryParams.limit("1")).isEqualTo(1);
    assertThat(QueryParams.limit("100")).isEqualTo(100);
    assertThat(QueryParams.limit(null, 50, 500)).isEqualTo(50);
    assertThat(QueryParams.limit("500", 50, 500)).isEqualTo(500);
    for (String bad : List.of("0", "101", "-1", "ten", "1.5", "", "99999999999999999999")) {
      refused(() -> QueryParams.limit(bad), "invalid-limit", "limit");
    }
  }

  private static void refused(ThrowingCallable call, String code, String field) {
    RefusedException e = catchRefused(call);
    assertThat(e.refusal().code()).isEqualTo(code);
    assertThat(e.refusal().field()).isEqualTo(field);
    assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.BAD_REQUEST);
  }

  private static RefusedException catchRefused(ThrowingCallable call) {
    RefusedException e = catchThrowableOfType(RefusedException.class, call);
    assertThat(e).as("refused").isNotNull();
    return e;
  }
}
