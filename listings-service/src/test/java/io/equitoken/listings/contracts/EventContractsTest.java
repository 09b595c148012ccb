package io.equitoken.listings.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.listings.listing.Sector;
import io.equitoken.listings.listing.Stage;
import io.equitoken.platform.test.EventContracts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The contract files themselves: examples conform, value sets match the code. */
class EventContractsTest {

  static final List<String> LISTINGS_TYPES =
      List.of(
          "equitoken.listings.listing.published.v1",
          "equitoken.listings.listing.updated.v1",
          "equitoken.listings.listing.suspended.v1",
          "equitoken.listings.listing.reactivated.v1",
          "equitoken.listings.listing.closed.v1",
          "equitoken.listings.token.issued.v1");
  static final List<String> TRADING_TYPES =
      List.of("equitoken.trading.price.updated.v1", "equitoken.trading.trade.executed.v1");

  static Stream<String> allTypes() {
    return Stream.concat(LISTINGS_TYPES.stream(), TRADING_TYPES.stream());
  }

  @ParameterizedTest
  @MethodSource("allTypes")
  void shouldHaveAnExampleThatConformsToItsSchema(String type) {
    // given the contract files of the type
    String example = EventContracts.example(type);

    // when the example is validated
    List<String> violations = EventContracts.violations(type, example);

    // then it conforms
    assertThat(violations).isEmpty();
  }

  @Test
  void shouldRejectAPayloadThatBreaksTheSchema() {
    // given a token.issued example without a supply and with a bad ISIN
    String broken =
        EventContracts.example("equitoken.listings.token.issued.v1")
            .replace("\"supply\": 1000000,", "")
            .replace("LU2EQT000010", "lu2eqt");

    // when it is validated
    List<String> violations =
        EventContracts.violations("equitoken.listings.token.issued.v1", broken);

    // then both problems are reported
    assertThat(violations).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void shouldDeclareExactlyThePublishedListingsTypes() throws IOException {
    // given the schema files of the listings domain
    try (Stream<Path> files = Files.list(EventContracts.eventsDirectory().resolve("listings"))) {
      List<String> types =
          files
              .filter(Files::isRegularFile)
              .map(f -> f.getFileName().toString().replace(".json", ""))
              .sorted()
              .toList();

      // then there is one per published type
      assertThat(types).containsExactlyInAnyOrderElementsOf(LISTINGS_TYPES);
    }
  }

  @Test
  void shouldUseTheSameSectorAndStageValuesAsTheService() throws IOException {
    // given the published event's schema
    JsonNode schema =
        JsonMapper.builder()
            .build()
            .readTree(
                Files.readString(
                    EventContracts.schemaFile("equitoken.listings.listing.published.v1")));

    // when its value sets are read
    List<String> sectors =
        schema
            .get("properties")
            .get("sector")
            .get("enum")
            .valueStream()
            .map(JsonNode::asString)
            .toList();
    List<String> stages =
        schema
            .get("properties")
            .get("stage")
            .get("enum")
            .valueStream()
            .map(JsonNode::asString)
            .toList();

    // then they are the service's documented sets
    assertThat(sectors).containsExactlyElementsOf(Sector.allowed());
    assertThat(stages).containsExactlyElementsOf(Stage.allowed());
  }
}
