package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class KafkaTopicsTest {

  private final Map<String, KafkaTopics.Topic> catalogue =
      KafkaTopics.catalogue().topics().stream()
          .collect(Collectors.toMap(KafkaTopics.Topic::name, Function.identity()));

  @Test
  void shouldDeclareEveryDomainTopicWithItsDeadLetterTopic() {
    for (String domain : new String[] {"identity", "listings", "compliance", "trading"}) {
      assertThat(catalogue).containsKeys(domain + ".events.v1", domain + ".events.v1.dlt");
      assertThat(catalogue.get(domain + ".events.v1.dlt").partitions()).isEqualTo(1);
    }
  }

  @Test
  void shouldGiveTheTradingTopicsTheSamePartitionsAsTradingServiceDeclares() {
    for (String topic :
        new String[] {"trading.events.v1", "trading.orders.v1", "trading.matcher-snapshots.v1"}) {
      assertThat(catalogue.get(topic).partitions()).as(topic).isEqualTo(12);
    }
    assertThat(catalogue.get("listings.events.v1").partitions()).isEqualTo(3);
  }

  @Test
  void shouldKeepTheMatchersInputForGoodAndCompactItsSnapshots() {
    assertThat(catalogue.get("trading.orders.v1").settings()).containsEntry("retention.ms", "-1");
    assertThat(catalogue.get("trading.matcher-snapshots.v1").settings())
        .containsEntry("cleanup.policy", "compact")
        .containsEntry("max.message.bytes", "16777216");
    assertThat(catalogue.get("trading.events.v1").settings()).isEmpty();
  }

  @Test
  void shouldRefuseALineItCannotRead() {
    assertThatThrownBy(() -> KafkaTopics.parse("a.topic 3\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a.topic 3");
    assertThatThrownBy(() -> KafkaTopics.parse("a.topic 3 retention\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("retention");
  }
}
