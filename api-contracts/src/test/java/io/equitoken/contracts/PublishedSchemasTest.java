package io.equitoken.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The event contracts are published open to additive change (docs/api-versioning.md): none says
 * {@code additionalProperties: false}. Producers and examples are still held to the declared
 * members — platform-test's {@code EventContracts} and deploy-tests' {@code ContractsTest} close
 * every object before validating.
 */
class PublishedSchemasTest {

  @Test
  void shouldPublishEveryEventSchemaOpenToAdditiveChange() throws IOException {
    List<String> closed;
    try (Stream<Path> files = Files.walk(Path.of("..", "contracts", "events"))) {
      closed =
          files
              .filter(f -> f.toString().endsWith(".json"))
              .filter(f -> !f.getParent().getFileName().toString().equals("examples"))
              .filter(PublishedSchemasTest::closesObjects)
              .map(f -> f.getFileName().toString())
              .sorted()
              .toList();
    }
    assertThat(closed)
        .as(
            "event schemas with additionalProperties: false — remove it; they are published open"
                + " and checked closed by EventContracts")
        .isEmpty();
  }

  private static boolean closesObjects(Path schema) {
    try {
      return Files.readString(schema).matches("(?s).*\"additionalProperties\"\\s*:\\s*false.*");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
