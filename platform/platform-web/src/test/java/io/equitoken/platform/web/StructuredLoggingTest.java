package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** EQUITOKEN_LOG_FORMAT=ecs turns the console into JSON lines; without it logs stay plain text. */
@ExtendWith(OutputCaptureExtension.class)
class StructuredLoggingTest {

  @Configuration(proxyBeanMethods = false)
  static class Empty {}

  /**
   * Logback keeps its configuration, and Spring Boot the system property it passes the format in,
   * across contexts in one JVM; start each test afresh.
   */
  @BeforeEach
  @AfterEach
  void resetLogging() {
    LoggingSystem.get(getClass().getClassLoader()).cleanUp();
    System.clearProperty("CONSOLE_LOG_STRUCTURED_FORMAT");
  }

  @Test
  void ecsFormatWritesOneJsonObjectPerLine(CapturedOutput output) {
    try (ConfigurableApplicationContext context = start("--equitoken.log-format=ecs")) {
      assertThat(context.getEnvironment().getProperty("logging.structured.format.console"))
          .isEqualTo("ecs");
      LoggerFactory.getLogger(StructuredLoggingTest.class).info("structured-probe-1");
    }
    String line =
        output
            .getOut()
            .lines()
            .filter(l -> l.contains("structured-probe-1"))
            .findFirst()
            .orElseThrow();
    JsonNode json = JsonMapper.builder().build().readTree(line);
    assertThat(json.path("message").asString()).isEqualTo("structured-probe-1");
    assertThat(json.path("log").path("level").asString()).isEqualTo("INFO");
    assertThat(json.path("service").path("name").asString()).isEqualTo("structured-test");
  }

  @Test
  void plainTextByDefault(CapturedOutput output) {
    try (ConfigurableApplicationContext context = start()) {
      assertThat(context.getEnvironment().getProperty("logging.structured.format.console"))
          .isNull();
      LoggerFactory.getLogger(StructuredLoggingTest.class).info("plain-probe-2");
    }
    String line =
        output.getOut().lines().filter(l -> l.contains("plain-probe-2")).findFirst().orElseThrow();
    assertThat(line).doesNotStartWith("{").contains("INFO");
  }

  private static ConfigurableApplicationContext start(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "--spring.application.name=structured-test";
    System.arraycopy(args, 0, all, 1, args.length);
    return new SpringApplicationBuilder(Empty.class).web(WebApplicationType.NONE).run(all);
  }
}
