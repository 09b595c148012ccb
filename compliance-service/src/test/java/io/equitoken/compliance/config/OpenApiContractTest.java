package io.equitoken.compliance.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.web.RoleMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

class OpenApiContractTest {

  private static final Path SPEC = Path.of("..", "contracts", "openapi", "compliance-service.yaml");

  @Test
  @SuppressWarnings("unchecked")
  void shouldDocumentEveryEndpointOfTheRoleMatrixInOpenApi31() throws IOException {
    // given the published contract and the service's access matrix
    Map<String, Object> spec = new Yaml().load(Files.readString(SPEC));
    RoleMatrix matrix = new AccessMatrix().roleMatrix();

    // then it is OpenAPI 3.1 and every secured endpoint is described, with its 401 and 403
    assertThat(spec.get("openapi").toString()).startsWith("3.1");
    Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) spec.get("paths");
    for (RoleMatrix.Rule rule : matrix.rules()) {
      Map<String, Object> path = paths.get(rule.pathPattern());
      assertThat(path).as(rule.pathPattern()).isNotNull();
      Map<String, Object> operation =
          (Map<String, Object>) path.get(rule.method().name().toLowerCase(Locale.ROOT));
      assertThat(operation).as(rule.method() + " " + rule.pathPattern()).isNotNull();
      Map<String, Object> responses = (Map<String, Object>) operation.get("responses");
      assertThat(responses).containsKeys("401", "403");
      for (String role : rule.roles()) {
        assertThat(operation.get("summary").toString())
            .as("roles named in the summary")
            .contains(role);
      }
    }
    assertThat(paths).hasSameSizeAs(matrix.rules());
  }
}
