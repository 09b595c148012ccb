package io.equitoken.platform.web.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.json.JsonMapper;

class TimestampRuleTest {

  record Window(Instant opens) {}

  private static final JsonMapper JSON =
      JsonMapper.builder().addModule(TimestampRuleInstantDeserializer.module()).build();

  @Test
  void shouldAcceptExactlyWhatPostgresqlCanHold() {
    assertThat(TimestampRule.violation(Instant.parse("2026-11-22T10:00:00Z"))).isNull();
    assertThat(TimestampRule.violation(TimestampRule.EARLIEST)).isNull();
    assertThat(TimestampRule.violation(TimestampRule.LATEST)).isNull();
    assertThat(TimestampRule.violation(Instant.parse("+999999999-12-31T23:59:59Z")))
        .contains("years 1 to 9999");
    assertThat(TimestampRule.violation(Instant.parse("+10000-01-01T00:00:00Z"))).isNotNull();
    assertThat(TimestampRule.violation(Instant.parse("-0001-12-31T23:59:59Z"))).isNotNull();
  }

  @Test
  void shouldRefuseThemWhileReadingABodyNamingTheField() {
    assertThatThrownBy(
            () -> JSON.readValue("{\"opens\":\"+999999999-12-31T23:59:59Z\"}", Window.class))
        .isInstanceOf(InvalidFormatException.class)
        .hasMessageContaining("opens")
        .hasMessageContaining("years 1 to 9999");
    assertThat(JSON.readValue("{\"opens\":\"2026-11-22T10:00:00Z\"}", Window.class).opens())
        .isEqualTo(Instant.parse("2026-11-22T10:00:00Z"));
  }
}
