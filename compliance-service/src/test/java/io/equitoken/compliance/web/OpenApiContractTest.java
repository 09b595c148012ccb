package io.equitoken.compliance.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.OpenApiContract;
import io.equitoken.platform.web.RoleMatrix;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenApiContractTest {

  private final OpenApiContract contract = OpenApiContract.of("compliance-service");

  @Test
  @SuppressWarnings("unchecked")
  void shouldDocumentEveryEndpointOfTheRoleMatrixInOpenApi31() {
    // given the published contract and the service's access matrix
    RoleMatrix matrix = new ComplianceRoleMatrix().roleMatrix();

    // then it is OpenAPI 3.1, it documents exactly the matrix's endpoints, each with its 401 and
    // 403
    assertThat(contract.openApiVersion()).startsWith("3.1");
    contract.assertDocumentsExactly(matrix);
    for (RoleMatrix.Rule rule : matrix.rules()) {
      Map<String, Object> operation = contract.operation(rule.method().name(), rule.pathPattern());
      Map<String, Object> responses = (Map<String, Object>) operation.get("responses");
      assertThat(responses).containsKeys("401", "403");
      for (String role : rule.roles()) {
        assertThat(operation.get("summary").toString())
            .as("roles named in the summary")
            .contains(role);
      }
    }
  }
}
