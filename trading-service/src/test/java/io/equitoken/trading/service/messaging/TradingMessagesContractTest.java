package io.equitoken.trading.service.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.OutboxPublisher;
import io.equitoken.platform.events.OutboxWriter;
import io.equitoken.platform.test.EventContracts;
import io.equitoken.trading.service.cash.CashEvents;
import io.equitoken.trading.service.controls.ControlsEvents;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketFacts;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.rules.InvestorFacts;
import io.equitoken.trading.service.rules.RulesEvents;
import io.equitoken.trading.service.transfer.TransferService;
import io.equitoken.trading.service.window.WindowEvents;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The producer side of what trading-service publishes through its outbox: every {@link
 * TradingMessage} record goes through the real {@link TradingMessagesOutbox} mapping into an {@link
 * OutboxWriter} that serialises the data with the service's own {@link JsonMapper} (the one Spring
 * Boot's Jackson auto-configuration makes, which the platform's outbox writer takes), and the JSON
 * must conform to the schema of the type the mapping chose. A record class with no sample here
 * fails the test, as does a sample whose class the mapping does not know.
 */
class TradingMessagesContractTest {

  private static final String WINDOW = "3c0e7d7a-5a8f-4f52-9a55-7b1c9f1e2a01";
  private static final String TOKEN = "70c00000-0000-4000-8000-000000000001";
  private static final String OTHER_TOKEN = "70c00000-0000-4000-8000-000000000002";
  private static final String OWNER = "inv-alice";
  private static final Instant OPENS = Instant.parse("2026-11-27T14:00:00Z");
  private static final Instant CLOSES = Instant.parse("2026-11-27T16:00:00Z");
  private static final Instant CALL = Instant.parse("2026-11-27T15:45:00Z");
  private static final Instant AT = Instant.parse("2026-11-27T14:03:07.123456Z");

  private static JsonMapper json;

  @BeforeAll
  static void theServicesJsonMapper() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
        .run(context -> json = context.getBean(JsonMapper.class));
  }

  private static final RulesEvents.WireRules RULES =
      new RulesEvents.WireRules(
          99L,
          35L,
          true,
          List.of("DE", "FR"),
          List.of("KP"),
          new BigDecimal("5000"),
          365L,
          true,
          BigDecimal.TEN);
  private static final RulesEvents.WireRules NO_RULES =
      new RulesEvents.WireRules(null, null, false, List.of(), List.of(), null, null, false, null);

  /** Representative instances, with the nullable variants of each record where it has some. */
  private static List<TradingMessage> samples() {
    List<String> tokens = List.of(TOKEN, OTHER_TOKEN);
    BigDecimal band = new BigDecimal("10");
    return List.of(
        new WindowEvents.Scheduled(
            WINDOW, tokens, "continuous_with_closing_auction", OPENS, CLOSES, CALL, band, AT),
        new WindowEvents.Scheduled(WINDOW, tokens, "continuous", OPENS, CLOSES, null, null, AT),
        new WindowEvents.Opened(WINDOW, tokens, "call_auction", OPENS, CLOSES, OPENS, AT),
        new WindowEvents.Opened(WINDOW, tokens, "continuous", OPENS, CLOSES, null, AT),
        new WindowEvents.CallPhaseStarted(WINDOW, tokens, CLOSES, AT),
        new WindowEvents.Closed(WINDOW, tokens, AT),
        new WindowEvents.Cancelled(WINDOW, tokens, "issuer asked", AT),
        new WindowEvents.Open(WINDOW, TOKEN, "continuous", band, AT),
        new WindowEvents.Open(WINDOW, TOKEN, "call", null, AT),
        new WindowEvents.CallPhase(WINDOW, TOKEN, AT),
        new WindowEvents.Indicate(WINDOW, TOKEN, AT),
        new WindowEvents.Close(WINDOW, TOKEN, AT),
        new OrderService.Place(
            "5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7b",
            "inv-alice",
            TOKEN,
            WINDOW,
            "buy",
            new BigDecimal("250"),
            new BigDecimal("13.20"),
            AT,
            new InvestorFacts("DE", true)),
        new OrderService.Place(
            "5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7c",
            "founder-1",
            TOKEN,
            WINDOW,
            "sell",
            new BigDecimal("0.5"),
            new BigDecimal("1E+1"),
            AT,
            null),
        new OrderService.Place(
            "5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7d",
            "inv-bob",
            TOKEN,
            WINDOW,
            "buy",
            BigDecimal.ONE,
            BigDecimal.TEN,
            AT,
            new InvestorFacts(null, false)),
        new RulesEvents.Apply(TOKEN, 1, RULES, AT, AT),
        new RulesEvents.Apply(TOKEN, 2, NO_RULES, CLOSES, AT),
        new RulesEvents.Changed(TOKEN, 1, RULES, AT, "registration threshold", "ops-1", AT),
        new RulesEvents.Changed(TOKEN, 2, NO_RULES, CLOSES, "lifted", "ops-1", AT),
        new ControlsEvents.Halt(TOKEN, true, "suspected manipulation", AT),
        new ControlsEvents.Resume(TOKEN, AT),
        new ControlsEvents.Halted(TOKEN, false, "material news pending", "ops-1", AT),
        new ControlsEvents.Resumed(TOKEN, "news published", "ops-1", AT),
        new ControlsEvents.Freeze(TOKEN, OWNER, "court order", AT),
        new ControlsEvents.Unfreeze(TOKEN, OWNER, AT),
        new ControlsEvents.Frozen(OWNER, "court order", "ops-1", AT),
        new ControlsEvents.Unfrozen(OWNER, "order lifted", "ops-1", AT),
        new ControlsEvents.MarketOrdersCancelled(TOKEN, 3, "corporate action", "ops-1", AT),
        new ControlsEvents.InvestorOrdersCancelled(
            OWNER, List.of("5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7b"), "takeover", "ops-1", AT),
        new OrderService.Cancel("5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7b", "inv-alice", TOKEN, AT),
        new TransferService.Command(
            "9a1e0000-0000-4000-8000-000000000001",
            TOKEN,
            "inv-alice",
            "inv-bob",
            new BigDecimal("40"),
            "estate settlement",
            "ops-1",
            AT,
            new InvestorFacts("FR", true)),
        new MarketFacts.Register(
            TOKEN,
            "founder-1",
            new BigDecimal("1000000"),
            new BigDecimal("2.50"),
            new BigDecimal("0.01"),
            BigDecimal.ONE,
            AT),
        new CashEvents.Changed(
            OWNER,
            "USD",
            7,
            new BigDecimal("248725.00"),
            BigDecimal.ZERO,
            new BigDecimal("248725.00"),
            new BigDecimal("-127.50"),
            new BigDecimal("-127.50"),
            "buy",
            "5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7b",
            "0f1e2d3c-4b5a-4968-8776-655443322110",
            null,
            null,
            TOKEN,
            new BigDecimal("12.75"),
            BigDecimal.TEN,
            null,
            AT),
        new CashEvents.Changed(
            OWNER,
            "USD",
            1,
            new BigDecimal("250000.00"),
            BigDecimal.ZERO,
            new BigDecimal("250000.00"),
            new BigDecimal("250000.00"),
            BigDecimal.ZERO,
            "deposit",
            null,
            null,
            "d0000000-0000-4000-8000-000000000001",
            null,
            null,
            null,
            null,
            null,
            AT),
        new CashEvents.DepositRecorded(
            "d0000000-0000-4000-8000-000000000001",
            OWNER,
            "USD",
            new BigDecimal("250000.00"),
            "wire-2026-11-27-0001",
            "ops-1",
            AT),
        withdrawal("requested", null, null, null),
        withdrawal("paid", "ach-2026-11-28-0042", null, AT.plusSeconds(3600)),
        withdrawal("failed", null, "Beneficiary account closed", AT.plusSeconds(3600)));
  }

  private static CashEvents.WithdrawalChanged withdrawal(
      String status, String reference, String failure, Instant settled) {
    return new CashEvents.WithdrawalChanged(
        "e0000000-0000-4000-8000-000000000001",
        OWNER,
        "USD",
        new BigDecimal("500.00"),
        status,
        reference,
        failure,
        AT,
        settled);
  }

  @Test
  void shouldPublishEverySampleAsJsonThatConformsToTheContractOfItsType() {
    List<Written> written = publishAll(samples());

    assertThat(written).hasSameSizeAs(samples());
    for (Written w : written) {
      EventContracts.assertConforms(w.type(), w.json());
    }
  }

  @Test
  void shouldCoverEveryRecordClassThePublisherMaps() {
    Set<Class<?>> sampled =
        samples().stream().map(Object::getClass).collect(Collectors.toCollection(HashSet::new));

    assertThat(sampled)
        .as("every TradingMessage record has a sample in this test")
        .containsExactlyInAnyOrderElementsOf(tradingMessageClasses());
  }

  @Test
  void shouldKeyWindowFactsByWindowCashFactsByOwnerAndCommandsAndTokenFactsByToken() {
    for (Written w : publishAll(samples())) {
      if (w.type().startsWith("equitoken.trading.command.")) {
        assertThat(w.topic()).as(w.type()).isEqualTo(TradingTopics.COMMANDS);
        assertThat(w.key()).as(w.type()).isEqualTo(TOKEN);
      } else if (w.type().startsWith("equitoken.trading.token.")
          || w.type().startsWith("equitoken.trading.market.")) {
        assertThat(w.topic()).as(w.type()).isEqualTo(TradingTopics.EVENTS);
        assertThat(w.key()).as(w.type()).isEqualTo(TOKEN);
      } else if (w.type().startsWith("equitoken.trading.cash.")
          || w.type().startsWith("equitoken.trading.investor.")) {
        assertThat(w.topic()).as(w.type()).isEqualTo(TradingTopics.EVENTS);
        assertThat(w.key()).as(w.type()).isEqualTo(OWNER);
      } else {
        assertThat(w.topic()).as(w.type()).isEqualTo(TradingTopics.EVENTS);
        assertThat(w.key()).as(w.type()).isEqualTo(WINDOW);
      }
      assertThat(w.subject()).isEqualTo(w.key());
    }
  }

  @Test
  void shouldWriteInstantsAsIsoTextAndDecimalsAsPlainNumbers() {
    Written place =
        publishAll(samples()).stream()
            .filter(w -> w.type().equals("equitoken.trading.command.order.place.v1"))
            .findFirst()
            .orElseThrow();

    assertThat(place.json())
        .contains("\"at\":\"2026-11-27T14:03:07.123456Z\"")
        .contains("\"quantity\":250")
        .contains("\"limitPrice\":13.20");
  }

  @Test
  void shouldRefuseAMessageItHasNoMappingFor() {
    record Unmapped(String tokenId) implements TradingMessage {}

    assertThatThrownBy(() -> publisher(new ArrayList<>()).publish(new Unmapped(TOKEN)).block())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("No outbox mapping");
  }

  private static List<Written> publishAll(List<TradingMessage> messages) {
    List<Written> written = new ArrayList<>();
    OutboxPublisher<TradingMessage> publisher = publisher(written);
    messages.forEach(m -> publisher.publish(m).block());
    return written;
  }

  private static OutboxPublisher<TradingMessage> publisher(List<Written> sink) {
    return new TradingMessagesOutbox().tradingMessages(new CapturingOutbox(sink));
  }

  /** Every concrete {@link TradingMessage} in the service, found on the classpath. */
  private static Set<Class<?>> tradingMessageClasses() {
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AssignableTypeFilter(TradingMessage.class));
    Set<Class<?>> classes = new LinkedHashSet<>();
    for (BeanDefinition candidate :
        scanner.findCandidateComponents("io.equitoken.trading.service")) {
      try {
        Class<?> type = Class.forName(candidate.getBeanClassName());
        if (type.getEnclosingMethod() == null) {
          classes.add(type);
        }
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
    assertThat(classes).as("scan found the service's messages").isNotEmpty();
    return classes;
  }

  record Written(String topic, String key, String type, String subject, String json) {}

  /**
   * The platform's writer with its table swapped for a list: the data serialised with the same
   * mapper and the same call as {@link OutboxWriter#appendEvent}.
   */
  private static final class CapturingOutbox extends OutboxWriter {
    private final List<Written> sink;

    CapturingOutbox(List<Written> sink) {
      super(null, json, "/trading-service", Clock.fixed(AT, ZoneOffset.UTC));
      this.sink = sink;
    }

    @Override
    public Mono<EventEnvelope> appendEvent(
        String topic, String key, String type, String subject, Object data) {
      String payload = json.writeValueAsString(data);
      sink.add(new Written(topic, key, type, subject, payload));
      return Mono.just(new EventEnvelope("id", type, source(), subject, AT, key, payload));
    }
  }
}
