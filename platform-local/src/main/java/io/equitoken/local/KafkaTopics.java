package io.equitoken.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * The platform's topics, created before the first service starts, from the catalogue that docker
 * compose's {@code create-topics.sh} reads too ({@code deploy/kafka/topics.txt}, packaged as a
 * resource). The local broker does not create topics on first use: a topic a consumer subscribed to
 * first would get the broker's default partition count, and a producer that later raises it leaves
 * the consumer blind to the new partitions until its next metadata refresh (five minutes).
 */
record KafkaTopics(List<Topic> topics) {

  static final String RESOURCE = "topics.txt";
  static final int EVENTS_PARTITIONS = 3;
  static final int TRADING_PARTITIONS = 12;

  /** One catalogue line. */
  record Topic(String name, int partitions, Map<String, String> settings) {}

  static KafkaTopics catalogue() {
    try (InputStream in = KafkaTopics.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " missing from platform-local's jar");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static KafkaTopics parse(String text) {
    List<Topic> topics = new ArrayList<>();
    for (String raw : text.split("\n")) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] columns = line.split("\\s+");
      if (columns.length != 3) {
        throw new IllegalArgumentException("Expected 3 columns in topic line: " + line);
      }
      topics.add(new Topic(columns[0], partitions(columns[1]), settings(columns[2])));
    }
    return new KafkaTopics(List.copyOf(topics));
  }

  private static int partitions(String column) {
    return switch (column) {
      case "events" -> EVENTS_PARTITIONS;
      case "trading" -> TRADING_PARTITIONS;
      default -> Integer.parseInt(column);
    };
  }

  private static Map<String, String> settings(String column) {
    Map<String, String> settings = new LinkedHashMap<>();
    if (!"-".equals(column)) {
      for (String pair : column.split(",")) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("Expected key=value, got: " + pair);
        }
        settings.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return settings;
  }

  /** Creates the topics that do not exist yet (a restart keeps the existing ones as they are). */
  void createMissing(Admin admin) {
    try {
      Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
      List<NewTopic> missing =
          topics.stream()
              .filter(t -> !existing.contains(t.name()))
              .map(t -> new NewTopic(t.name(), t.partitions(), (short) 1).configs(t.settings()))
              .toList();
      if (!missing.isEmpty()) {
        admin.createTopics(missing).all().get(60, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating Kafka topics", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("creating Kafka topics failed: " + e.getMessage(), e);
    }
  }
}
