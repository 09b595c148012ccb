package io.equitoken.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenApiBundlerTest {

  private static final Path CONTRACTS = Path.of("..", "contracts", "openapi");

  @Test
  void shouldMergeEveryServiceFileIntoOneSelfContainedDocument() throws IOException {
    // when
    OpenApiBundler.Result result = new OpenApiBundler(CONTRACTS).bundle();

    // then every service file is there, and nothing points outside its document
    try (var files = Files.list(CONTRACTS)) {
      List<String> names =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".yaml"))
              .map(n -> n.replaceFirst("\\.yaml$", ""))
              .toList();
      assertThat(result.services()).containsOnlyKeys(names);
    }
    assertThat(result.merged()).containsEntry("openapi", "3.1.0");
    for (Map<String, Object> doc : result.services().values()) {
      assertEveryRefResolvesLocally(doc);
    }
    assertEveryRefResolvesLocally(result.merged());
    // the shared pieces exist once in the merged document
    assertThat(pointer(result.merged(), "#/components/schemas/Problem")).isNotNull();
    assertThat(pointer(result.merged(), "#/components/securitySchemes/bearer")).isNotNull();
    assertThat(pointer(result.merged(), "#/components/responses/TooManyRequests")).isNotNull();
  }

  @Test
  void shouldRefuseDuplicateOperationIdsTagsAndDivergentComponents(@TempDir Path dir)
      throws IOException {
    // given two files that clash three ways
    Files.writeString(
        dir.resolve("a-service.yaml"),
        """
        openapi: 3.1.0
        info: {title: a, version: '1'}
        tags: [{name: things}]
        paths:
          /a: {get: {operationId: getThing, responses: {'200': {description: ok}}}}
        components:
          schemas:
            Thing: {type: string}
        """);
    Files.writeString(
        dir.resolve("b-service.yaml"),
        """
        openapi: 3.1.0
        info: {title: b, version: '1'}
        tags: [{name: things}]
        paths:
          /b: {get: {operationId: getThing, responses: {'200': {description: ok}}}}
        components:
          schemas:
            Thing: {type: integer}
        """);

    // when / then
    assertThatThrownBy(() -> new OpenApiBundler(dir).bundle())
        .hasMessageContaining("operationId 'getThing' is used by a-service and b-service")
        .hasMessageContaining("tag 'things' is declared by a-service and b-service")
        .hasMessageContaining("#/components/schemas/Thing differs between files");
  }

  @Test
  void shouldInlineSharedComponentsAndTheirOwnReferences(@TempDir Path dir) throws IOException {
    // given a service that references a shared response, which references a shared schema
    Files.createDirectories(dir.resolve("components"));
    Files.writeString(
        dir.resolve("components/shared.yaml"),
        """
        openapi: 3.1.0
        info: {title: shared, version: '1'}
        paths: {}
        components:
          responses:
            Oops:
              description: oops
              content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}
          schemas:
            Problem: {type: object}
        """);
    Files.writeString(
        dir.resolve("x-service.yaml"),
        """
        openapi: 3.1.0
        info: {title: x, version: '1'}
        paths:
          /x:
            get:
              operationId: getX
              responses:
                '400': {$ref: './components/shared.yaml#/components/responses/Oops'}
        """);

    // when
    Map<String, Object> doc = new OpenApiBundler(dir).bundle().services().get("x-service");

    // then
    assertThat(pointer(doc, "#/components/responses/Oops")).isNotNull();
    assertThat(pointer(doc, "#/components/schemas/Problem")).isNotNull();
    assertEveryRefResolvesLocally(doc);
    assertThat(OpenApiBundler.dumpYaml(doc)).doesNotContain("shared.yaml").doesNotContain("&id");
  }

  private static void assertEveryRefResolvesLocally(Map<String, Object> doc) {
    List<String> refs = new ArrayList<>();
    collectRefs(doc, refs);
    for (String ref : refs) {
      assertThat(ref).as("reference").startsWith("#/");
      assertThat(pointer(doc, ref)).as(ref).isNotNull();
    }
  }

  private static void collectRefs(Object node, List<String> refs) {
    if (node instanceof Map<?, ?> map) {
      map.forEach(
          (k, v) -> {
            if ("$ref".equals(k) && v instanceof String s) {
              refs.add(s);
            } else {
              collectRefs(v, refs);
            }
          });
    } else if (node instanceof List<?> list) {
      list.forEach(v -> collectRefs(v, refs));
    }
  }

  private static Object pointer(Map<String, Object> doc, String ref) {
    Object node = doc;
    for (String part : ref.substring(2).split("/")) {
      if (!(node instanceof Map<?, ?> map)) {
        return null;
      }
      node = map.get(part.replace("~1", "/").replace("~0", "~"));
    }
    return node;
  }
}
