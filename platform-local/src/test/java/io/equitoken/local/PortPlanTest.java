package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PortPlanTest {

  @Test
  void shouldUseTheConventionalPortsWithoutOffset() {
    PortPlan ports = PortPlan.DEFAULT;

    assertThat(ports.postgres()).isEqualTo(54329);
    assertThat(ports.kafka()).isEqualTo(19092);
    assertThat(ports.kafkaController()).isEqualTo(19093);
    assertThat(ports.port(Services.named("identity-service"))).isEqualTo(8081);
    assertThat(ports.port(Services.named("listings-service"))).isEqualTo(8082);
    assertThat(ports.port(Services.named("portfolio-service"))).isEqualTo(8083);
    assertThat(ports.port(Services.named("trading-service"))).isEqualTo(8084);
    assertThat(ports.port(Services.named("compliance-service"))).isEqualTo(8085);
    assertThat(ports.port(Services.named("webhook-service"))).isEqualTo(8086);
    assertThat(ports.port(Services.named("gateway"))).isEqualTo(8443);
  }

  @Test
  void shouldMoveEveryPortByTheOffset() {
    PortPlan ports = new PortPlan(100);

    assertThat(ports.postgres()).isEqualTo(54429);
    assertThat(ports.kafka()).isEqualTo(19192);
    assertThat(ports.kafkaController()).isEqualTo(19193);
    for (ServiceDef service : Services.ALL) {
      assertThat(ports.port(service)).isEqualTo(service.basePort() + 100);
    }
    assertThat(ports.kafkaBootstrapServers()).isEqualTo("localhost:19192");
    assertThat(ports.jdbcUrl("listings")).isEqualTo("jdbc:postgresql://localhost:54429/listings");
    assertThat(ports.r2dbcUrl("listings")).isEqualTo("r2dbc:postgresql://localhost:54429/listings");
    assertThat(ports.jwksUri()).isEqualTo("http://localhost:8181/.well-known/jwks.json");
  }

  @Test
  void shouldServeOnlyTheGatewayOverHttps() {
    PortPlan ports = new PortPlan(10);

    assertThat(ports.url(Services.named("gateway"))).isEqualTo("https://localhost:8453");
    assertThat(ports.healthUrl(Services.named("gateway")))
        .isEqualTo("https://localhost:8453/actuator/health");
    assertThat(ports.healthUrl(Services.named("trading-service")))
        .isEqualTo("http://localhost:8094/actuator/health");
  }

  @Test
  void shouldRejectNegativeOffsets() {
    assertThatThrownBy(() -> new PortPlan(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
