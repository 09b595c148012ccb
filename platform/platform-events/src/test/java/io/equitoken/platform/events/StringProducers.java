package io.equitoken.platform.events;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;

/** Producers of string keys and values, for tests that build a relay by hand. */
final class StringProducers {

  private StringProducers() {}

  /** To the broker at {@code bootstrapServers}, with {@code settings} on top (may be empty). */
  static DefaultKafkaProducerFactory<String, String> to(
      String bootstrapServers, Map<String, Object> settings) {
    Map<String, Object> config = new HashMap<>(settings);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    return new DefaultKafkaProducerFactory<>(config);
  }
}
