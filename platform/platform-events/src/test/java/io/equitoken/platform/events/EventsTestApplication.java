package io.equitoken.platform.events;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;

@SpringBootApplication
class EventsTestApplication {

  /** A consumer that rejects anything that is not a CloudEvent, like every real one does. */
  static class StrictListener {
    final List<EventEnvelope> received = new CopyOnWriteArrayList<>();

    @KafkaListener(topics = "strict.events.v1", groupId = "strict-listener")
    void on(ConsumerRecord<String, String> record) {
      received.add(CloudEvents.fromRecord(record));
    }
  }

  @Bean
  StrictListener strictListener() {
    return new StrictListener();
  }
}
