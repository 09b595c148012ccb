package io.equitoken.platform.events;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The Kafka binary-mode binding of CloudEvents 1.0: attributes in {@code ce_*} headers, the JSON
 * {@code data} as the record value, the aggregate id as the key. Framework-free (kafka-clients
 * only): the services' outbox and consumers (platform-events) and the matcher's plain Kafka loop
 * use this one binding.
 */
public final class CloudEvents {

  public static final String SPEC_VERSION = "1.0";
  public static final String ID = "ce_id";
  public static final String SOURCE = "ce_source";
  public static final String TYPE = "ce_type";
  public static final String TIME = "ce_time";
  public static final String SUBJECT = "ce_subject";
  public static final String SPECVERSION = "ce_specversion";
  public static final String CONTENT_TYPE = "content-type";
  public static final String JSON = "application/json";

  /**
   * The W3C Trace Context header a record carries beside the CloudEvents attributes, so that its
   * consumer continues the trace of what caused it.
   */
  public static final String TRACEPARENT = "traceparent";

  private CloudEvents() {}

  public static ProducerRecord<String, String> toRecord(String topic, EventEnvelope event) {
    ProducerRecord<String, String> record =
        new ProducerRecord<>(topic, null, event.key(), event.dataJson());
    putAttributes(
        record.headers(), event.id(), event.type(), event.source(), event.subject(), event.time());
    return record;
  }

  /**
   * The same binding for a producer of byte values: {@code data} is the event's JSON {@code data}
   * already written as UTF-8 bytes (it goes on the wire as {@link #toRecord(String, EventEnvelope)}
   * would put the string), the attributes as in {@link EventEnvelope}.
   */
  public static ProducerRecord<String, byte[]> toRecord(
      String topic,
      String id,
      String type,
      String source,
      String subject,
      Instant time,
      String key,
      byte[] data) {
    Objects.requireNonNull(data, "data");
    ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, null, key, data);
    putAttributes(
        record.headers(),
        Objects.requireNonNull(id, "id"),
        Objects.requireNonNull(type, "type"),
        Objects.requireNonNull(source, "source"),
        subject,
        isoInstant(Objects.requireNonNull(time, "time")));
    return record;
  }

  /**
   * {@link Instant#toString()}, without the general formatter for the years 0000–9999: seconds
   * always, a fraction of 3, 6 or 9 digits as needed, {@code Z}.
   */
  static String isoInstant(Instant time) {
    long seconds = time.getEpochSecond();
    if (seconds < 0 || seconds >= YEAR_10000) {
      return time.toString();
    }
    LocalDate date = LocalDate.ofEpochDay(seconds / 86_400);
    int secondOfDay = (int) (seconds % 86_400);
    int nano = time.getNano();
    char[] c = new char[30];
    digits(c, 0, date.getYear(), 4);
    c[4] = '-';
    digits(c, 5, date.getMonthValue(), 2);
    c[7] = '-';
    digits(c, 8, date.getDayOfMonth(), 2);
    c[10] = 'T';
    digits(c, 11, secondOfDay / 3_600, 2);
    c[13] = ':';
    digits(c, 14, secondOfDay / 60 % 60, 2);
    c[16] = ':';
    digits(c, 17, secondOfDay % 60, 2);
    int n = 19;
    if (nano > 0) {
      c[n++] = '.';
      if (nano % 1_000_000 == 0) {
        digits(c, n, nano / 1_000_000, 3);
        n += 3;
      } else if (nano % 1_000 == 0) {
        digits(c, n, nano / 1_000, 6);
        n += 6;
      } else {
        digits(c, n, nano, 9);
        n += 9;
      }
    }
    c[n++] = 'Z';
    return new String(c, 0, n);
  }

  /** 10000-01-01T00:00:00Z in epoch seconds. */
  private static final long YEAR_10000 = 253_402_300_800L;

  private static void digits(char[] c, int from, int value, int width) {
    for (int i = from + width - 1; i >= from; i--) {
      c[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }

  private static void putAttributes(
      Headers headers, String id, String type, String source, String subject, Instant time) {
    putAttributes(headers, id, type, source, subject, time.toString());
  }

  private static void putAttributes(
      Headers headers, String id, String type, String source, String subject, String time) {
    put(headers, SPECVERSION, SPEC_VERSION);
    put(headers, ID, id);
    put(headers, SOURCE, source);
    put(headers, TYPE, type);
    put(headers, TIME, time);
    if (subject != null) {
      put(headers, SUBJECT, subject);
    }
    put(headers, CONTENT_TYPE, JSON);
  }

  /**
   * The record's {@code ce_type}, or null when it has none: read from that one header, without
   * reading the record as an event, so that a consumer can pass over the types it does not handle
   * before any other work.
   */
  public static String typeOf(ConsumerRecord<?, ?> record) {
    return get(record.headers(), TYPE);
  }

  /** Reads a record as an event, or throws {@link PoisonEventException} if it is not one. */
  public static EventEnvelope fromRecord(ConsumerRecord<String, String> record) {
    Headers headers = record.headers();
    String id = get(headers, ID);
    String type = get(headers, TYPE);
    String source = get(headers, SOURCE);
    String time = get(headers, TIME);
    if (id == null || type == null || source == null || time == null || record.value() == null) {
      throw new PoisonEventException(
          "Record at "
              + record.topic()
              + "/"
              + record.partition()
              + "@"
              + record.offset()
              + " is not a CloudEvent (missing ce_id, ce_type, ce_source, ce_time or body)");
    }
    if (!SPEC_VERSION.equals(get(headers, SPECVERSION))) {
      throw new PoisonEventException("Unsupported CloudEvents specversion on event " + id);
    }
    try {
      return new EventEnvelope(
          id,
          type,
          source,
          get(headers, SUBJECT),
          Instant.parse(time),
          record.key(),
          record.value());
    } catch (DateTimeParseException e) {
      throw new PoisonEventException("Event " + id + " has an unreadable ce_time", e);
    }
  }

  private static void put(Headers headers, String name, String value) {
    headers.add(name, value.getBytes(StandardCharsets.UTF_8));
  }

  private static String get(Headers headers, String name) {
    Header header = headers.lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }
}
