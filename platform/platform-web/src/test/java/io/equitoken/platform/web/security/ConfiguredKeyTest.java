package io.equitoken.platform.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@ExtendWith(OutputCaptureExtension.class)
class ConfiguredKeyTest {

  private static final String PROPERTY = "equitoken.test.key";
  private static final String VARIABLE = "EQUITOKEN_TEST_KEY";

  @Test
  void shouldDecodeAConfiguredKey() {
    String key = Base64.getEncoder().encodeToString(new byte[32]);

    assertThat(ConfiguredKey.decode(PROPERTY, VARIABLE, " " + key + "\n", 32)).hasSize(32);
  }

  @Test
  void shouldRefuseAnUnsetBlankMalformedOrShortKeyNamingTheVariableNeverTheValue() {
    String shortKey = Base64.getEncoder().encodeToString("sixteen-byte-key".getBytes());
    for (String value : new String[] {null, "", "  ", "not base64!", shortKey}) {
      assertThatThrownBy(() -> ConfiguredKey.decode(PROPERTY, VARIABLE, value, 32))
          .isInstanceOf(ConfiguredKey.Refused.class)
          .hasMessageStartingWith(VARIABLE + ": ")
          .hasMessageContaining("openssl rand -base64 32")
          .satisfies(
              e -> {
                if (value != null && !value.isBlank()) {
                  assertThat(e.getMessage()).doesNotContain(value.strip());
                }
              });
    }
  }

  @Test
  void shouldReportAFactorysRefusalLikeAnUnsetKey() {
    assertThatThrownBy(
            () ->
                ConfiguredKey.build(
                    PROPERTY,
                    VARIABLE,
                    "abc",
                    v -> {
                      throw new IllegalArgumentException("must be 32 bytes");
                    }))
        .isInstanceOf(ConfiguredKey.Refused.class)
        .hasMessageContaining(VARIABLE + ": must be 32 bytes");
  }

  /** What an operator sees: a short report naming the variable, no stack trace, no value. */
  @Test
  void shouldStopAnApplicationWithAShortReportInsteadOfAStackTrace(CapturedOutput output) {
    for (String[] args : new String[][] {{}, {"--" + PROPERTY + "=c2hvcnQtc2VjcmV0"}}) {
      SpringApplication application = new SpringApplication(NeedsAKey.class);
      application.setWebApplicationType(WebApplicationType.NONE);

      assertThatThrownBy(() -> application.run(args))
          .hasRootCauseInstanceOf(ConfiguredKey.Refused.class);
    }

    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains(
            "The key setting '" + PROPERTY + "' cannot be used. " + VARIABLE + ": it is not set")
        .contains(VARIABLE + ": it holds")
        .doesNotContain("c2hvcnQtc2VjcmV0")
        .doesNotContain("Application run failed")
        .doesNotContain("\tat ");
  }

  @Configuration(proxyBeanMethods = false)
  static class NeedsAKey {
    @Bean
    byte[] key(org.springframework.core.env.Environment environment) {
      return ConfiguredKey.decode(PROPERTY, VARIABLE, environment.getProperty(PROPERTY), 32);
    }
  }
}
