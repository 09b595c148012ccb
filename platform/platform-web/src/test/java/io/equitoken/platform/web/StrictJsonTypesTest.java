package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

class StrictJsonTypesTest {

  record Body(Integer limit, BigDecimal price, Boolean flag, String name, List<String> types) {}

  private final JsonMapper strict = strictMapper();

  private static JsonMapper strictMapper() {
    JsonMapper.Builder builder = JsonMapper.builder();
    new StrictJsonTypes().strictScalarTypes().customize(builder);
    return builder.build();
  }

  @Configuration(proxyBeanMethods = false)
  @Import(StrictJsonTypes.class)
  static class ServiceImportingItToo {}

  @AutoConfiguration
  @Import(StrictJsonTypes.class)
  static class ImportingAutoConfiguration {}

  @Test
  void shouldStartWhenAServiceStillImportsItBesideThePlatformDefault() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ImportingAutoConfiguration.class))
        .withUserConfiguration(ServiceImportingItToo.class)
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .getBeans(JsonMapperBuilderCustomizer.class)
                    .hasSize(1));
  }

  @Test
  void shouldReadValuesOfTheirOwnJsonType() {
    Body body =
        strict.readValue(
            "{\"limit\":10,\"price\":1.5,\"flag\":true,\"name\":\"a\",\"types\":[\"x\"]}",
            Body.class);
    assertThat(body).isEqualTo(new Body(10, new BigDecimal("1.5"), true, "a", List.of("x")));
  }

  @Test
  void shouldRefuseEveryCoercionAPlainMapperMakes() {
    JsonMapper plain = JsonMapper.builder().build();
    for (String json :
        List.of(
            "{\"limit\":\"10\"}",
            "{\"limit\":\"\"}",
            "{\"limit\":10.5}",
            "{\"price\":\"1.5\"}",
            "{\"flag\":\"true\"}",
            "{\"flag\":1}",
            "{\"name\":42}",
            "{\"name\":false}")) {
      // the test means something only where Jackson's default would have converted it
      assertThat(plain.readValue(json, Body.class)).as(json).isNotNull();
      assertThatThrownBy(() -> strict.readValue(json, Body.class))
          .as(json)
          .isInstanceOf(MismatchedInputException.class);
    }
    assertThatThrownBy(() -> strict.readValue("{\"types\":\"x\"}", Body.class))
        .isInstanceOf(MismatchedInputException.class);
  }
}
