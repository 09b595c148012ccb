package io.equitoken.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.DriverManager;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

class TestInfrastructureTest {

  @Test
  void shouldGiveEachServiceItsOwnDatabaseAndRoleOnARealPostgres() throws Exception {
    TestDatabase db = TestInfrastructure.database("fixture_check");

    try (var c = DriverManager.getConnection(db.jdbcUrl(), db.username(), db.password());
        var rs = c.createStatement().executeQuery("select current_database(), current_user")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("fixture_check");
      assertThat(rs.getString(2)).isEqualTo("fixture_check");
    }
    assertThat(TestInfrastructure.database("fixture_check")).isEqualTo(db);
  }

  @Test
  void shouldShareOneRealKafkaBrokerPerJvm() throws Exception {
    String servers = TestInfrastructure.kafkaBootstrapServers();
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
    try (Admin admin = Admin.create(props)) {
      assertThat(admin.describeCluster().nodes().get()).hasSize(1);
    }
    assertThat(TestInfrastructure.kafkaBootstrapServers()).isEqualTo(servers);
  }

  @Test
  void shouldMintTokensThatDifferFromTamperedAndForeignOnes() {
    String token = TestJwtIssuer.token("inv-1", "investor");
    assertThat(token.split("\\.")).hasSize(3);
    assertThat(TestJwtIssuer.tamperedToken("inv-1", "investor")).isNotEqualTo(token);
    assertThat(TestJwtIssuer.tokenSignedByOtherKey("inv-1", "investor").split("\\.")[2])
        .isNotEqualTo(token.split("\\.")[2]);
    assertThat(TestJwtIssuer.jwksUri()).startsWith("http://127.0.0.1:");
  }
}
