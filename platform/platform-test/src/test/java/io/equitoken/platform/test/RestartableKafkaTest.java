package io.equitoken.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A broker stopped with {@link RestartableKafka#stopKeepingData()} comes back at the same address
 * as the same cluster: a committed record, a group's committed offset and a transactional id's
 * producer id and epoch written before the restart are all there after it.
 */
class RestartableKafkaTest {

  private static final String TOPIC = "restart-test";
  private static final String TRANSACTIONAL_ID = "restart-test-tx";
  private static final String GROUP = "restart-test-group";

  @Test
  void shouldKeepRecordsOffsetsAndProducerStateThroughARestart() throws Exception {
    try (RestartableKafka kafka = new RestartableKafka().start()) {
      // given a record committed by a transactional producer and an offset committed by a group
      try (KafkaProducer<String, String> producer = producer(kafka)) {
        producer.initTransactions();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>(TOPIC, "k", "before the restart"));
        producer.commitTransaction();
      }
      TransactionDescription before;
      try (Admin admin = admin(kafka)) {
        admin
            .alterConsumerGroupOffsets(
                GROUP, Map.of(new TopicPartition(TOPIC, 0), new OffsetAndMetadata(1)))
            .all()
            .get();
        before =
            admin.describeTransactions(List.of(TRANSACTIONAL_ID)).all().get().get(TRANSACTIONAL_ID);
      }
      String address = kafka.bootstrapServers();

      // when the broker shuts down and starts again
      kafka.stopKeepingData();
      kafka.start();

      // then the record is read at the same address after the restart
      assertThat(kafka.bootstrapServers()).isEqualTo(address);
      assertThat(KafkaRecords.consume(address, TOPIC, 1, Duration.ofSeconds(30)))
          .singleElement()
          .satisfies(r -> assertThat(r.value()).isEqualTo("before the restart"));
      try (Admin admin = admin(kafka)) {
        // and the group's offset and the transactional id's producer are still known
        assertThat(admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get())
            .containsEntry(new TopicPartition(TOPIC, 0), new OffsetAndMetadata(1));
        TransactionDescription after =
            admin.describeTransactions(List.of(TRANSACTIONAL_ID)).all().get().get(TRANSACTIONAL_ID);
        assertThat(after.producerId()).isEqualTo(before.producerId());
        assertThat(after.producerEpoch()).isEqualTo(before.producerEpoch());
        // and the next producer with that id continues it: same producer id, the next epoch
        try (KafkaProducer<String, String> producer = producer(kafka)) {
          producer.initTransactions();
        }
        TransactionDescription next =
            admin.describeTransactions(List.of(TRANSACTIONAL_ID)).all().get().get(TRANSACTIONAL_ID);
        assertThat(next.producerId()).isEqualTo(before.producerId());
        assertThat(next.producerEpoch()).isGreaterThan(before.producerEpoch());
      }
    }
  }

  private static KafkaProducer<String, String> producer(RestartableKafka kafka) {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            kafka.bootstrapServers(),
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            TRANSACTIONAL_ID,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            StringSerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            StringSerializer.class));
  }

  private static Admin admin(RestartableKafka kafka) {
    return Admin.create(
        Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()));
  }
}
