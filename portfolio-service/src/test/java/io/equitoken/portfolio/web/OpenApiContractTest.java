package io.equitoken.portfolio.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.web.RoleMatrix;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** Keeps contracts/openapi/portfolio-service.yaml in step with the code. */
class OpenApiContractTest {

  private static final Path SPEC = Path.of("..", "contracts", "openapi", "portfolio-service.yaml");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec() throws IOException {
    try (Reader reader = Files.newBufferedReader(SPEC)) {
      return new Yaml().load(reader);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldDocumentExactlyTheEndpointsOfTheRoleMatrix() throws IOException {
    Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) spec().get("paths");
    Set<String> documented =
        paths.entrySet().stream()
            .flatMap(
                p ->
                    p.getValue().keySet().stream()
                        .filter(m -> !m.equals("parameters"))
                        .map(m -> m.toUpperCase(Locale.ROOT) + " " + p.getKey()))
            .collect(Collectors.toSet());
    RoleMatrix matrix = new PortfolioRoleMatrix().roleMatrix();

    Set<String> enforced =
        matrix.rules().stream()
            .map(r -> r.method().name() + " " + r.pathPattern())
            .collect(Collectors.toSet());
    assertThat(documented).isEqualTo(enforced);
  }

  @Test
  void shouldDocumentEveryResponseField() throws IOException {
    assertRequired("Portfolio", PortfolioResponses.PortfolioView.class);
    assertRequired("Holding", PortfolioResponses.HoldingView.class);
    assertProperties("Transaction", PortfolioResponses.TransactionView.class);
    assertRequired("ValuationHistory", PortfolioResponses.ValuationHistoryView.class);
    assertRequired("ValuationPoint", PortfolioResponses.PointView.class);
    assertRequired("ValuationPosition", PortfolioResponses.PositionView.class);
    assertRequired("Reconciliation", PortfolioResponses.ReconciliationView.class);
    assertRequired("ReconciliationMismatch", PortfolioResponses.MismatchView.class);
  }

  @Test
  void shouldKeepTheSpecsPortfolioFieldsExactly() throws IOException {
    assertThat(wireNames(PortfolioResponses.PortfolioView.class))
        .contains("investorId", "totalValue", "holdings");
    assertThat(wireNames(PortfolioResponses.HoldingView.class))
        .contains("tokenId", "startup", "quantity", "currentPrice", "currentValue");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema(String name) throws IOException {
    Map<String, Object> components = (Map<String, Object>) spec().get("components");
    return (Map<String, Object>) ((Map<String, Object>) components.get("schemas")).get(name);
  }

  @SuppressWarnings("unchecked")
  private static void assertRequired(String schema, Class<? extends Record> type)
      throws IOException {
    List<String> required = (List<String>) schema(schema).get("required");
    assertThat(required).as(schema).containsExactlyInAnyOrderElementsOf(wireNames(type));
    assertProperties(schema, type);
  }

  @SuppressWarnings("unchecked")
  private static void assertProperties(String schema, Class<? extends Record> type)
      throws IOException {
    Map<String, Object> properties = (Map<String, Object>) schema(schema).get("properties");
    assertThat(properties.keySet()).as(schema).containsExactlyInAnyOrderElementsOf(wireNames(type));
  }

  private static List<String> wireNames(Class<? extends Record> type) {
    return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
  }
}
