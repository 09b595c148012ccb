package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class PlatformDefaultsTest {

  @Test
  void shouldMakeEveryConsumerReadOnlyCommittedRecords() {
    KafkaProperties kafka = kafkaProperties(Map.of());

    assertThat(kafka.buildConsumerProperties())
        .containsEntry(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
  }

  @Test
  void shouldLeaveTheIsolationToAServiceThatSetsItsOwn() {
    KafkaProperties kafka =
        kafkaProperties(Map.of("spring.kafka.consumer.isolation-level", "read_uncommitted"));

    assertThat(kafka.buildConsumerProperties())
        .containsEntry(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
  }

  private static KafkaProperties kafkaProperties(Map<String, Object> serviceSettings) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("service", serviceSettings));
    new PlatformDefaults().postProcessEnvironment(environment, new SpringApplication());
    return Binder.get(environment)
        .bind("spring.kafka", KafkaProperties.class)
        .orElseGet(KafkaProperties::new);
  }
}
