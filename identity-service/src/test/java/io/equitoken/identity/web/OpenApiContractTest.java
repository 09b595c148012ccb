package io.equitoken.identity.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.web.RoleMatrix;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** Keeps contracts/openapi/identity-service.yaml in step with the code. */
class OpenApiContractTest {

  private static final Path FILE = Path.of("..", "contracts", "openapi", "identity-service.yaml");
  private final Map<String, Object> spec = load();
  private final RoleMatrix matrix = new IdentityRoleMatrix().roleMatrix();

  @Test
  void shouldDescribeExactlyTheEndpointsOfTheRoleMatrix() {
    Set<String> documented = new HashSet<>();
    paths()
        .forEach(
            (path, ops) -> ops.keySet().forEach(m -> documented.add(m.toUpperCase() + " " + path)));
    Set<String> implemented = new HashSet<>();
    matrix.rules().forEach(r -> implemented.add(r.method().name() + " " + r.pathPattern()));
    assertThat(spec.get("openapi")).isEqualTo("3.1.0");
    assertThat(documented).isEqualTo(implemented);
  }

  @Test
  void shouldMarkExactlyTheAnonymousEndpointsAsNeedingNoToken() {
    for (RoleMatrix.Rule rule : matrix.rules()) {
      Map<String, Object> operation =
          paths().get(rule.pathPattern()).get(rule.method().name().toLowerCase());
      assertThat(
              operation.get("security") != null && ((List<?>) operation.get("security")).isEmpty())
          .as(rule.method() + " " + rule.pathPattern())
          .isEqualTo(rule.anonymous());
    }
  }

  @Test
  void shouldNameTheFieldsOfEveryBodyAsTheCodeDoes() {
    assertFields("CreateApiKeyRequest", CreateApiKeyRequest.class);
    assertFields("ApiKey", ApiKeyResponse.class);
    assertFields("ApiKeySummary", ApiKeyListItem.class);
    assertFields("TokenRequest", TokenRequest.class);
    assertFields("TokenResponse", TokenResponse.class);
    assertFields("RotatedKey", SigningKeyController.RotatedKey.class);
  }

  @SuppressWarnings("unchecked")
  private void assertFields(String schema, Class<? extends Record> type) {
    Map<String, Object> schemas =
        (Map<String, Object>) ((Map<String, Object>) spec.get("components")).get("schemas");
    Map<String, Object> properties =
        (Map<String, Object>) ((Map<String, Object>) schemas.get(schema)).get("properties");
    assertThat(properties.keySet())
        .as(schema)
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList());
  }

  @SuppressWarnings("unchecked")
  private Map<String, Map<String, Map<String, Object>>> paths() {
    return (Map<String, Map<String, Map<String, Object>>>) spec.get("paths");
  }

  private static Map<String, Object> load() {
    try (Reader reader = Files.newBufferedReader(FILE)) {
      return new Yaml().load(reader);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
