package io.equitoken.platform.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestKitTest {

  @Test
  void fixedMutableClockStandsStillUntilMoved() {
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    MutableClock clock = MutableClock.fixedAt(start);
    assertThat(clock.instant()).isEqualTo(start);
    clock.advance(Duration.ofHours(1));
    assertThat(clock.instant()).isEqualTo(start.plusSeconds(3600));
    clock.set(start.plusSeconds(5));
    assertThat(clock.instant()).isEqualTo(start.plusSeconds(5));
    clock.reset();
    assertThat(clock.instant()).isEqualTo(start);
  }

  @Test
  void systemMutableClockRunsWithAnOffset() {
    MutableClock clock = MutableClock.systemPlusOffset();
    clock.advance(Duration.ofDays(400));
    assertThat(clock.instant()).isAfter(Instant.now().plus(Duration.ofDays(399)));
    clock.reset();
    assertThat(clock.instant()).isBefore(Instant.now().plus(Duration.ofDays(1)));
  }

  @Test
  void eventContractsAreFoundAndEveryExampleConforms() {
    assertThat(EventContracts.types())
        .contains(
            "equitoken.listings.listing.published.v1", "equitoken.identity.api-key.created.v1");
    EventContracts.assertEverySchemaHasAValidExample();
    String example = EventContracts.example("equitoken.listings.listing.published.v1");
    EventContracts.assertConforms("equitoken.listings.listing.published.v1", example);
  }

  @Test
  void eventContractsArePublishedOpenButCheckedClosed() throws Exception {
    // the published schema lets a member be added within v1 ...
    String type = "equitoken.listings.token.issued.v1";
    assertThat(java.nio.file.Files.readString(EventContracts.schemaFile(type)))
        .doesNotContain("additionalProperties");
    // ... while what the repository produces may hold only declared members
    String example = EventContracts.example(type);
    String extended = example.replaceFirst("\\{", "{\"undeclared\": 1,");
    assertThat(EventContracts.violations(type, example)).isEmpty();
    assertThat(EventContracts.violations(type, extended))
        .singleElement()
        .asString()
        .contains("undeclared");
  }

  @Test
  void eventContractsNameWhatIsWrong() {
    assertThat(EventContracts.violations("equitoken.listings.listing.published.v1", "{}"))
        .isNotEmpty();
    assertThat(EventContracts.violations("equitoken.nothing.thing.happened.v1", "{}"))
        .singleElement()
        .asString()
        .contains("no contract");
    assertThatThrownBy(
            () -> EventContracts.assertConforms("equitoken.listings.listing.published.v1", "{}"))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void walkerMatchesSpringPathPatterns() {
    assertThat(RoleMatrixWalker.toRegex("/listings/{id}").matcher("/listings/l-1").matches())
        .isTrue();
    assertThat(RoleMatrixWalker.toRegex("/listings/{id}").matcher("/listings/l-1/x").matches())
        .isFalse();
    assertThat(RoleMatrixWalker.toRegex("/docs/**").matcher("/docs/a/b").matches()).isTrue();
    assertThat(RoleMatrixWalker.toRegex("/docs/**").matcher("/docs").matches()).isTrue();
    assertThat(RoleMatrixWalker.toRegex("/files/{name}.pdf").matcher("/files/x.pdf").matches())
        .isTrue();
    assertThat(RoleMatrixWalker.toRegex("/").matcher("/").matches()).isTrue();
  }

  @Test
  void walkerFillsPathVariables() {
    RoleMatrixWalker walker =
        RoleMatrixWalker.ofRules(
                List.of(
                    new RoleMatrixWalker.Rule(
                        "GET", "/listings/{listingId}/token", Set.of("investor"), false)),
                "http://127.0.0.1:1")
            .pathVariable("listingId", "lst-9");
    assertThat(walker.concretePath("/listings/{listingId}/token"))
        .isEqualTo("/listings/lst-9/token");
    assertThat(walker.concretePath("/orders/{orderId}")).isEqualTo("/orders/walker-orderId");
  }

  /** A matrix as platform-web's RoleMatrix exposes it (read reflectively). */
  public record Matrix(List<RoleMatrixWalker.Rule> rules) {}

  @Test
  void walkerDescribesTheMatrixAsTheDocumentedTable() {
    Matrix matrix =
        new Matrix(
            List.of(
                new RoleMatrixWalker.Rule("GET", "/things", Set.of("operator", "investor"), false),
                new RoleMatrixWalker.Rule("GET", "/open", Set.of(), true)));
    assertThat(RoleMatrixWalker.describe(matrix))
        .containsExactly("GET /open anonymous", "GET /things [investor, operator]");
    RoleMatrixWalker.assertDeclares(
        matrix,
        List.of(
            RoleMatrixWalker.row("get", "/things", Set.of("investor", "operator")),
            "GET /open anonymous"));
    assertThatThrownBy(
            () -> RoleMatrixWalker.assertDeclares(matrix, List.of("GET /things [operator]")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("declared, not documented: [GET /open anonymous, GET /things")
        .hasMessageContaining("documented, not declared: [GET /things [operator]]");
  }

  @Test
  void packagedServiceNamesSettingsAsEnvironmentVariablesAndNeedsItsJar() throws Exception {
    assertThat(PackagedService.environmentName("spring.kafka.bootstrap-servers"))
        .isEqualTo("SPRING_KAFKA_BOOTSTRAP_SERVERS");
    assertThat(PackagedService.environmentName("equitoken.demo-data"))
        .isEqualTo("EQUITOKEN_DEMO_DATA");
    try (PackagedService missing =
        PackagedService.of("missing", java.nio.file.Path.of("target", "no-such.jar"))) {
      assertThatThrownBy(missing::start).hasMessageContaining("not built");
      assertThat(missing.alive()).isFalse();
    }
  }
}
