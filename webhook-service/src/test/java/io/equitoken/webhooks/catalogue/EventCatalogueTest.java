package io.equitoken.webhooks.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The catalogue against the contracts packaged into the jar: every type has a schema and an example
 * that conforms to it, private types are owned by fields the contract requires, and the fields
 * webhooks drop appear in neither the schema nor the example.
 */
class EventCatalogueTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final EventCatalogue CATALOGUE = EventCatalogue.standard();
  private static final ContractDocuments CONTRACTS = new ContractDocuments(JSON);

  static Stream<EventType> types() {
    return CATALOGUE.types().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void shouldServeASchemaAndAConformingExample(EventType type) {
    JsonNode schema = CONTRACTS.schema(type).orElseThrow(() -> new AssertionError("no schema"));
    JsonNode example = CONTRACTS.example(type).orElseThrow(() -> new AssertionError("no example"));

    var validator =
        JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(
                JSON.writeValueAsString(schema),
                SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build());
    List<String> violations =
        validator.validate(JSON.writeValueAsString(example), InputFormat.JSON).stream()
            .map(ValidationMessage::getMessage)
            .toList();
    assertThat(violations).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void shouldNeverDiscloseDroppedFields(EventType type) {
    JsonNode schema = CONTRACTS.schema(type).orElseThrow();
    JsonNode example = CONTRACTS.example(type).orElseThrow();
    for (String dropped : type.droppedFields()) {
      assertThat(schema.get("properties").has(dropped)).as(dropped).isFalse();
      assertThat(example.has(dropped)).as(dropped).isFalse();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  void shouldOwnPrivateTypesByRequiredFields(EventType type) {
    JsonNode schema = CONTRACTS.schema(type).orElseThrow();
    List<String> required = new ArrayList<>();
    schema.get("required").forEach(n -> required.add(n.asString()));
    assertThat(required).containsAll(type.ownerFields());
  }

  @Test
  void shouldOfferEveryTypeTheIssueNames() {
    assertThat(CATALOGUE.types().stream().map(EventType::name))
        .contains(
            "window.scheduled",
            "window.opened",
            "window.call-phase-started",
            "window.closed",
            "window.cancelled",
            "auction.indicative",
            "auction.result",
            "trade.executed",
            "price.updated",
            "token.rules.changed",
            "market.halted",
            "market.resumed",
            "investor.frozen",
            "investor.unfrozen",
            "market.orders-cancelled",
            "investor.orders-cancelled",
            "listing.published",
            "listing.updated",
            "listing.suspended",
            "listing.reactivated",
            "listing.closed",
            "token.issued",
            "order.accepted",
            "order.filled",
            "order.cancelled",
            "order.expired",
            "order.rejected",
            "holding.changed",
            "cash.changed",
            "cash.deposit.recorded",
            "cash.withdrawal.requested",
            "cash.withdrawal.paid",
            "cash.withdrawal.failed",
            "compliance.status.changed");
    assertThat(CATALOGUE.types().stream().filter(EventType::isPrivate).map(EventType::name))
        .containsExactlyInAnyOrder(
            "investor.frozen",
            "investor.unfrozen",
            "investor.orders-cancelled",
            "order.accepted",
            "order.rejected",
            "order.filled",
            "order.cancelled",
            "order.expired",
            "holding.changed",
            "cash.changed",
            "cash.deposit.recorded",
            "cash.withdrawal.requested",
            "cash.withdrawal.paid",
            "cash.withdrawal.failed",
            "transfer.executed",
            "compliance.status.changed");
  }
}
