package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServicesTest {

  @Test
  void shouldStartIdentityFirstAndTheGatewayLast() {
    List<String> order = Services.ALL.stream().map(ServiceDef::module).toList();

    assertThat(order)
        .containsExactly(
            "identity-service",
            "listings-service",
            "compliance-service",
            "portfolio-service",
            "trading-service",
            "webhook-service",
            "gateway");
  }

  @Test
  void shouldGiveEveryServiceButTheGatewayItsOwnDatabase() {
    assertThat(Services.databases())
        .containsExactly("identity", "listings", "compliance", "portfolio", "trading", "webhooks");
    assertThat(Services.named("gateway").db()).isEmpty();
  }

  @Test
  void shouldUseDistinctPorts() {
    assertThat(new HashSet<>(Services.ALL.stream().map(ServiceDef::basePort).toList()))
        .hasSize(Services.ALL.size());
  }

  @Test
  void shouldFindTheJarWhereEveryModuleBuildsIt() {
    assertThat(Services.named("webhook-service").jar(Path.of("/repo")))
        .isEqualTo(Path.of("/repo/webhook-service/target/webhook-service.jar"));
  }

  @Test
  void shouldNameTheGatewaySettingAfterTheService() {
    assertThat(Services.named("webhook-service").gatewayUriVariable())
        .isEqualTo("EQUITOKEN_GATEWAY_WEBHOOK_URI");
    assertThat(Services.named("identity-service").gatewayUriVariable())
        .isEqualTo("EQUITOKEN_GATEWAY_IDENTITY_URI");
  }

  @Test
  void shouldNotKnowUnlistedModules() {
    assertThat(Services.find("platform-local")).isEmpty();
  }
}
