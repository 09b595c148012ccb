package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceEnvironmentTest {

  private static final Path TLS = Path.of("/repo/.local/tls");

  @TempDir Path dir;
  private LocalSecrets secrets;

  @BeforeEach
  void generateSecrets() {
    secrets = LocalSecrets.loadOrCreate(dir, Services.databases());
  }

  @Test
  void shouldPointAServiceAtItsOwnDatabaseAndKafka() {
    Map<String, String> env =
        ServiceEnvironment.of(Services.named("listings-service"), PortPlan.DEFAULT, TLS, secrets);

    assertThat(env)
        .containsEntry("SERVER_PORT", "8082")
        .containsEntry("SPRING_R2DBC_URL", "r2dbc:postgresql://localhost:54329/listings")
        .containsEntry("SPRING_R2DBC_USERNAME", "listings")
        .containsEntry("SPRING_R2DBC_PASSWORD", secrets.databasePassword("listings"))
        .containsEntry("SPRING_FLYWAY_URL", "jdbc:postgresql://localhost:54329/listings")
        .containsEntry("SPRING_FLYWAY_USER", "listings")
        .containsEntry("SPRING_FLYWAY_PASSWORD", secrets.databasePassword("listings"))
        .containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS", "localhost:19092")
        .containsEntry("SERVER_ADDRESS", "127.0.0.1")
        .containsEntry("EQUITOKEN_SECURITY_ISSUER", "https://equitoken.local")
        .containsEntry("EQUITOKEN_SECURITY_AUDIENCE", "equitoken-api")
        .containsEntry("EQUITOKEN_SECURITY_JWKS_URI", "http://localhost:8081/.well-known/jwks.json")
        .containsEntry("EQUITOKEN_DEMO_DATA", "true")
        // stable per module: a restarted service rejoins its Kafka groups at once
        .containsEntry("EQUITOKEN_INSTANCE_ID", "listings-service-local")
        .doesNotContainKey("EQUITOKEN_BOOTSTRAP_API_KEY")
        .doesNotContainKey("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY")
        .doesNotContainKey("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY")
        .doesNotContainKey("EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR");
  }

  @Test
  void shouldAdmitLoopbackWebhookReceiversOnlyInWebhookServiceLocally() {
    assertThat(
            ServiceEnvironment.of(
                Services.named("webhook-service"), PortPlan.DEFAULT, TLS, secrets))
        .containsEntry("EQUITOKEN_WEBHOOKS_ALLOW_LOOPBACK_RECEIVERS", "true")
        .containsEntry("SPRING_R2DBC_USERNAME", "webhooks");
    assertThat(
            ServiceEnvironment.of(
                Services.named("listings-service"), PortPlan.DEFAULT, TLS, secrets))
        .doesNotContainKey("EQUITOKEN_WEBHOOKS_ALLOW_LOOPBACK_RECEIVERS");
  }

  @Test
  void shouldGiveOnlyIdentityTheBootstrapOperatorKey() {
    Map<String, String> env =
        ServiceEnvironment.of(Services.named("identity-service"), PortPlan.DEFAULT, TLS, secrets);

    assertThat(env)
        .containsEntry("EQUITOKEN_BOOTSTRAP_API_KEY", "demo-operator")
        .containsEntry("EQUITOKEN_BOOTSTRAP_SECRET", "demo-operator-secret-change-me")
        .containsEntry("SPRING_R2DBC_USERNAME", "identity");
  }

  @Test
  void shouldGiveIdentityAndComplianceThisInstallationsKeys() {
    Map<String, String> identity =
        ServiceEnvironment.of(Services.named("identity-service"), PortPlan.DEFAULT, TLS, secrets);
    Map<String, String> compliance =
        ServiceEnvironment.of(Services.named("compliance-service"), PortPlan.DEFAULT, TLS, secrets);

    assertThat(identity)
        .containsEntry(
            "EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY",
            secrets.serviceKeys("identity-service").get("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY"))
        .containsEntry(
            "EQUITOKEN_IDENTITY_SECRET_PEPPER",
            secrets.serviceKeys("identity-service").get("EQUITOKEN_IDENTITY_SECRET_PEPPER"))
        .doesNotContainKey("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY");
    assertThat(compliance)
        .containsEntry(
            "EQUITOKEN_COMPLIANCE_DOCUMENT_KEY",
            secrets.serviceKeys("compliance-service").get("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY"))
        .doesNotContainKey("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY");
    for (String key :
        List.of("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY", "EQUITOKEN_IDENTITY_SECRET_PEPPER")) {
      assertThat(Base64.getDecoder().decode(identity.get(key))).as(key).hasSize(32);
    }
    assertThat(Base64.getDecoder().decode(compliance.get("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY")))
        .hasSize(32);
  }

  @Test
  void shouldGiveTheWebhookServiceThisInstallationsSealingKey() {
    Map<String, String> webhooks =
        ServiceEnvironment.of(Services.named("webhook-service"), PortPlan.DEFAULT, TLS, secrets);

    assertThat(webhooks)
        .containsEntry(
            "EQUITOKEN_WEBHOOKS_SECRET_KEY",
            secrets.serviceKeys("webhook-service").get("EQUITOKEN_WEBHOOKS_SECRET_KEY"))
        .doesNotContainKey("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY");
    assertThat(Base64.getDecoder().decode(webhooks.get("EQUITOKEN_WEBHOOKS_SECRET_KEY")))
        .hasSize(32);
  }

  @Test
  void shouldLetTheLoneLocalMatcherWaitAtTheBrokerAsLongAsTheOtherConsumers() {
    Map<String, String> trading =
        ServiceEnvironment.of(Services.named("trading-service"), PortPlan.DEFAULT, TLS, secrets);
    Map<String, String> listings =
        ServiceEnvironment.of(Services.named("listings-service"), PortPlan.DEFAULT, TLS, secrets);

    assertThat(trading).containsEntry("EQUITOKEN_TRADING_TAKEOVER_FETCH_WAIT_MS", "5000");
    assertThat(listings).doesNotContainKey("EQUITOKEN_TRADING_TAKEOVER_FETCH_WAIT_MS");
  }

  @Test
  void shouldRouteTheGatewayToEveryServiceOverHttpsOnTheOffsetPorts() {
    Map<String, String> env =
        ServiceEnvironment.of(Services.named("gateway"), new PortPlan(100), TLS, secrets);

    assertThat(env)
        .containsEntry("SERVER_PORT", "8543")
        .containsEntry("EQUITOKEN_GATEWAY_IDENTITY_URI", "http://localhost:8181")
        .containsEntry("EQUITOKEN_GATEWAY_LISTINGS_URI", "http://localhost:8182")
        .containsEntry("EQUITOKEN_GATEWAY_PORTFOLIO_URI", "http://localhost:8183")
        .containsEntry("EQUITOKEN_GATEWAY_TRADING_URI", "http://localhost:8184")
        .containsEntry("EQUITOKEN_GATEWAY_COMPLIANCE_URI", "http://localhost:8185")
        .containsEntry("EQUITOKEN_GATEWAY_WEBHOOK_URI", "http://localhost:8186")
        .containsEntry("EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR", "/repo/.local/tls")
        .containsEntry("EQUITOKEN_SECURITY_JWKS_URI", "http://localhost:8181/.well-known/jwks.json")
        .containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS", "localhost:19192")
        .doesNotContainKey("SPRING_R2DBC_URL");
  }

  @Test
  void shouldBindTheGatewayToLoopbackUnlessAnotherAddressIsAsked() {
    assertThat(ServiceEnvironment.gatewayAddress(Map.of())).isEqualTo("127.0.0.1");
    assertThat(ServiceEnvironment.gatewayAddress(Map.of("EQUITOKEN_LOCAL_LISTEN_ADDRESS", " ")))
        .isEqualTo("127.0.0.1");
    assertThat(
            ServiceEnvironment.gatewayAddress(Map.of("EQUITOKEN_LOCAL_LISTEN_ADDRESS", "0.0.0.0")))
        .isEqualTo("0.0.0.0");
    if (System.getenv("EQUITOKEN_LOCAL_LISTEN_ADDRESS") == null) {
      assertThat(ServiceEnvironment.of(Services.named("gateway"), new PortPlan(100), TLS, secrets))
          .containsEntry("SERVER_ADDRESS", "127.0.0.1");
    }
  }
}
