package io.equitoken.identity.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.OpenApiContract;
import io.equitoken.platform.web.RoleMatrix;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Keeps contracts/openapi/identity-service.yaml in step with the code. */
class OpenApiContractTest {

  private final OpenApiContract contract = OpenApiContract.of("identity-service");
  private final RoleMatrix matrix = new IdentityRoleMatrix().roleMatrix();

  @Test
  void shouldDescribeExactlyTheEndpointsOfTheRoleMatrix() {
    assertThat(contract.openApiVersion()).isEqualTo("3.1.0");
    contract.assertDocumentsExactly(matrix);
  }

  @Test
  void shouldMarkExactlyTheAnonymousEndpointsAsNeedingNoToken() {
    for (RoleMatrix.Rule rule : matrix.rules()) {
      Map<String, Object> operation = contract.operation(rule.method().name(), rule.pathPattern());
      assertThat(
              operation.get("security") != null && ((List<?>) operation.get("security")).isEmpty())
          .as(rule.method() + " " + rule.pathPattern())
          .isEqualTo(rule.anonymous());
    }
  }

  @Test
  void shouldNameTheFieldsOfEveryBodyAsTheCodeDoes() {
    contract.assertProperties("CreateApiKeyRequest", CreateApiKeyRequest.class);
    contract.assertProperties("ApiKey", ApiKeyResponse.class);
    contract.assertProperties("ApiKeySummary", ApiKeyListItem.class);
    contract.assertProperties("TokenRequest", TokenRequest.class);
    contract.assertProperties("TokenResponse", TokenResponse.class);
    contract.assertProperties("RotatedKey", SigningKeyController.RotatedKey.class);
  }
}
