package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;

/** The binary-mode binding both ways, and what it refuses as poison. */
class CloudEventsTest {

  private static final EventEnvelope EVENT =
      new EventEnvelope(
          "e-1",
          "equitoken.trading.trade.executed.v1",
          "/trading-service",
          "tok-1",
          Instant.parse("2026-01-02T03:04:05.678Z"),
          "tok-1",
          "{\"tradeId\":\"t-1\"}");

  @Test
  void shouldWriteAttributesAsHeadersAndReadThemBack() {
    ProducerRecord<String, String> sent = CloudEvents.toRecord("trading.events.v1", EVENT);

    assertThat(sent.key()).isEqualTo("tok-1");
    assertThat(sent.value()).isEqualTo("{\"tradeId\":\"t-1\"}");
    assertThat(header(sent.headers().lastHeader("ce_specversion"))).isEqualTo("1.0");
    assertThat(header(sent.headers().lastHeader("ce_time"))).isEqualTo("2026-01-02T03:04:05.678Z");
    assertThat(header(sent.headers().lastHeader("content-type"))).isEqualTo("application/json");
    assertThat(CloudEvents.fromRecord(received(sent))).isEqualTo(EVENT);
  }

  @Test
  void shouldWriteByteDataWithTheSameHeadersAsTheStringBinding() {
    ProducerRecord<String, String> asString = CloudEvents.toRecord("trading.events.v1", EVENT);
    ProducerRecord<String, byte[]> asBytes =
        CloudEvents.toRecord(
            "trading.events.v1",
            EVENT.id(),
            EVENT.type(),
            EVENT.source(),
            EVENT.subject(),
            EVENT.time(),
            EVENT.key(),
            EVENT.dataJson().getBytes(StandardCharsets.UTF_8));

    assertThat(asBytes.key()).isEqualTo(asString.key());
    assertThat(asBytes.headers().toArray()).containsExactly(asString.headers().toArray());
    ConsumerRecord<String, String> read =
        new ConsumerRecord<>(
            "trading.events.v1",
            0,
            7,
            asBytes.key(),
            new String(asBytes.value(), StandardCharsets.UTF_8));
    asBytes.headers().forEach(h -> read.headers().add(h));
    assertThat(CloudEvents.fromRecord(read)).isEqualTo(EVENT);
  }

  @Test
  void shouldWriteTheByteBuildersTimeAsInstantToStringDoes() {
    java.util.Random random = new java.util.Random(20261126);
    java.util.List<Instant> instants =
        new java.util.ArrayList<>(
            java.util.List.of(
                Instant.EPOCH,
                Instant.parse("2026-11-27T14:00:00Z"),
                Instant.parse("2026-11-27T14:00:00.250Z"),
                Instant.parse("2026-11-27T14:00:00.000250Z"),
                Instant.parse("2026-11-27T14:00:00.000000250Z"),
                Instant.parse("2024-02-29T23:59:59.999999999Z"),
                Instant.parse("9999-12-31T23:59:59.999Z"),
                Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("1969-12-31T23:59:59.5Z")));
    for (int i = 0; i < 100_000; i++) {
      long seconds = random.nextLong(253_402_300_800L);
      int nanos =
          switch (i % 4) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1_000;
            default -> random.nextInt(1_000_000_000);
          };
      instants.add(Instant.ofEpochSecond(seconds, nanos));
    }
    for (Instant t : instants) {
      assertThat(CloudEvents.isoInstant(t)).isEqualTo(t.toString());
    }
  }

  @Test
  void shouldReadTheTypeAloneEvenOfARecordThatIsNoReadableEvent() {
    ProducerRecord<String, String> sent = CloudEvents.toRecord("t", EVENT);
    sent.headers().remove(CloudEvents.TIME);

    assertThat(CloudEvents.typeOf(received(sent))).isEqualTo(EVENT.type());
    sent.headers().remove(CloudEvents.TYPE);
    assertThat(CloudEvents.typeOf(received(sent))).isNull();
  }

  @Test
  void shouldRefuseARecordThatIsNotACloudEventAsPoison() {
    ProducerRecord<String, String> sent = CloudEvents.toRecord("t", EVENT);
    sent.headers().remove(CloudEvents.TYPE);

    assertThatThrownBy(() -> CloudEvents.fromRecord(received(sent)))
        .isInstanceOf(PoisonEventException.class)
        .hasMessageContaining("t/0@7 is not a CloudEvent");
  }

  @Test
  void shouldRefuseAnotherSpecVersionAndAnUnreadableTimeAsPoison() {
    ProducerRecord<String, String> otherVersion = CloudEvents.toRecord("t", EVENT);
    otherVersion.headers().remove(CloudEvents.SPECVERSION);
    otherVersion.headers().add(CloudEvents.SPECVERSION, "0.3".getBytes(StandardCharsets.UTF_8));
    ProducerRecord<String, String> badTime = CloudEvents.toRecord("t", EVENT);
    badTime.headers().remove(CloudEvents.TIME);
    badTime.headers().add(CloudEvents.TIME, "yesterday".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> CloudEvents.fromRecord(received(otherVersion)))
        .isInstanceOf(PoisonEventException.class)
        .hasMessageContaining("specversion");
    assertThatThrownBy(() -> CloudEvents.fromRecord(received(badTime)))
        .isInstanceOf(PoisonEventException.class)
        .hasMessageContaining("ce_time");
  }

  private static ConsumerRecord<String, String> received(ProducerRecord<String, String> sent) {
    ConsumerRecord<String, String> record =
        new ConsumerRecord<>(sent.topic(), 0, 7, sent.key(), sent.value());
    sent.headers().forEach(h -> record.headers().add(h));
    return record;
  }

  private static String header(Header header) {
    return new String(header.value(), StandardCharsets.UTF_8);
  }
}
