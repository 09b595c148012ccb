package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.trading.matcher.core.MatcherCommand;
import io.equitoken.trading.matcher.core.MatcherCommand.InvestorFacts;
import io.equitoken.trading.matcher.kafka.CommandReader.UnreadableCommandException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The transfer-rules members of the commands, read from the contract's own examples. */
class CommandReaderTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String RULES = "equitoken.trading.command.token.rules.v1";
  private static final String PLACE = "equitoken.trading.command.order.place.v1";
  private static final String HALT = "equitoken.trading.command.market.halt.v1";
  private static final String RESUME = "equitoken.trading.command.market.resume.v1";
  private static final String FREEZE = "equitoken.trading.command.investor.freeze.v1";
  private static final String UNFREEZE = "equitoken.trading.command.investor.unfreeze.v1";

  private static JsonNode example(String type) {
    return JSON.readTree(EventContracts.example(type));
  }

  @Test
  void shouldReadARulesVersion() {
    var command = (MatcherCommand.SetRules) CommandReader.read(RULES, "ce-1", example(RULES));
    assertThat(command.version()).isEqualTo(2);
    assertThat(command.effectiveAt()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
    assertThat(command.rules())
        .isEqualTo(
            new MatcherCommand.Rules(
                99L,
                35L,
                false,
                Set.of(),
                Set.of("KP", "IR"),
                new BigDecimal("5000"),
                365L,
                false,
                new BigDecimal("10")));
  }

  @Test
  void shouldReadTheInvestorFactsOfAnOrder() {
    var command = (MatcherCommand.PlaceOrder) CommandReader.read(PLACE, "ce-2", example(PLACE));
    assertThat(command.investor()).isEqualTo(new InvestorFacts("DE", true));
    ObjectNode without = (ObjectNode) example(PLACE);
    without.remove("investor");
    assertThat(((MatcherCommand.PlaceOrder) CommandReader.read(PLACE, "ce-3", without)).investor())
        .isNull();
  }

  @Test
  void shouldRefuseARulesVersionThatIsNotAWholeNumber() {
    ObjectNode bad = (ObjectNode) example(RULES);
    bad.put("version", 1.5);
    assertThatThrownBy(() -> CommandReader.read(RULES, "ce-4", bad))
        .isInstanceOf(UnreadableCommandException.class)
        .hasMessageContaining("version");
  }

  @Test
  void shouldReadAHaltAndAResume() {
    var halt = (MatcherCommand.HaltMarket) CommandReader.read(HALT, "ce-5", example(HALT));
    assertThat(halt.tokenId()).isEqualTo("70c00000-0000-4000-8000-000000000001");
    assertThat(halt.cancelOrders()).isFalse();
    assertThat(halt.reason()).isEqualTo("Material news pending");
    assertThat(halt.commandId()).isEqualTo("ce-5");
    ObjectNode cancelling = (ObjectNode) example(HALT);
    cancelling.put("cancelOrders", true);
    assertThat(
            ((MatcherCommand.HaltMarket) CommandReader.read(HALT, "ce-6", cancelling))
                .cancelOrders())
        .isTrue();
    var resume = (MatcherCommand.ResumeMarket) CommandReader.read(RESUME, "ce-7", example(RESUME));
    assertThat(resume.at()).isEqualTo(Instant.parse("2026-11-27T15:00:00Z"));
  }

  @Test
  void shouldRefuseAHaltWhoseCancelOrdersIsNotABoolean() {
    ObjectNode bad = (ObjectNode) example(HALT);
    bad.put("cancelOrders", "yes");
    assertThatThrownBy(() -> CommandReader.read(HALT, "ce-8", bad))
        .isInstanceOf(UnreadableCommandException.class)
        .hasMessageContaining("cancelOrders");
  }

  @Test
  void shouldReadAFreezeAndAnUnfreeze() {
    var freeze =
        (MatcherCommand.FreezeInvestor) CommandReader.read(FREEZE, "ce-9", example(FREEZE));
    assertThat(freeze.investorId()).isEqualTo("inv-alice");
    assertThat(freeze.reason()).isEqualTo("Court order 2026-114");
    var unfreeze =
        (MatcherCommand.UnfreezeInvestor) CommandReader.read(UNFREEZE, "ce-10", example(UNFREEZE));
    assertThat(unfreeze.investorId()).isEqualTo("inv-alice");
    ObjectNode bad = (ObjectNode) example(FREEZE);
    bad.remove("investorId");
    assertThatThrownBy(() -> CommandReader.read(FREEZE, "ce-11", bad))
        .isInstanceOf(UnreadableCommandException.class)
        .hasMessageContaining("investorId");
  }
}
