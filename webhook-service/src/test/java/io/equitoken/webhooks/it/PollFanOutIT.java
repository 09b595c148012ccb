package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.SentStatements;
import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.webhooks.subscription.Secrets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * A poll's events are fanned out together, by one statement per poll, with exactly the deliveries
 * each event alone is given: per subscription and event, public events to every enabled
 * subscription listing the type, private ones only to their owners' and operators'; a type not
 * offered and a private event without owner to nobody; an event already processed, or repeated, or
 * redelivered, never twice. With no subscriber the statement queues nothing, and a subscription
 * another instance has just stored still gets the next event.
 */
class PollFanOutIT extends WebhooksIntegrationBase {

  private static final String TRADE = "equitoken.trading.trade.executed.v1";
  private static final String ORDER = "equitoken.trading.order.accepted.v1";
  private static final String TRANSFER = "equitoken.trading.transfer.executed.v1";
  private static final String REJECTED = "equitoken.trading.transfer.rejected.v1";
  private static final String FROZEN = "equitoken.trading.investor.frozen.v1";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Autowired private KafkaListenerEndpointRegistry listeners;

  private final WebhookReceiver receiver = new WebhookReceiver();
  private final List<String> principals = new ArrayList<>();

  @AfterEach
  void close() {
    for (String p : principals) {
      db.sql("delete from subscription where owner_id = $1").bind(0, p).then().block();
    }
    receiver.close();
  }

  private String principal() {
    String p = Api.newPrincipal();
    principals.add(p);
    return p;
  }

  private UUID subscribe(String token, String... types) {
    return UUID.fromString(api.subscribe(token, receiver.url(), types).get("id").asString());
  }

  @Test
  void shouldFanOutAPollAsEachEventAloneAndNeverTwice() {
    // given subscriptions of investors A and B, of an operator, and a disabled one of C
    String a = principal();
    String b = principal();
    String c = principal();
    principals.add(Api.OPERATOR);
    Map<UUID, String> subscriptions = new LinkedHashMap<>();
    UUID subA = subscribe(Api.investor(a), "trade.executed", "order.accepted", "transfer.executed");
    subscriptions.put(subA, "A");
    subscriptions.put(subscribe(Api.investor(b), "order.accepted", "transfer.executed"), "B");
    subscriptions.put(subscribe(Api.operator(), "order.accepted"), "operator");
    UUID off = subscribe(Api.investor(c), "trade.executed", "order.accepted");
    subscriptions.put(off, "C disabled");
    db.sql("update subscription set status = 'disabled' where id = $1").bind(0, off).then().block();

    // and a trade already fanned out
    Map<String, String> labels = new HashMap<>();
    String known = UUID.randomUUID().toString();
    labels.put(known, "known trade");
    Events.send(known, TRADE, "t", Events.example(TRADE, e -> {}));
    await().atMost(WAIT).until(() -> deliveriesOf(known) >= 1);

    // when one poll brings a trade, A's order, a transfer from A to B, an order of an investor
    // without subscription, a type not offered, an order naming no owner, the known trade again
    // and A's order twice
    List<Sent> poll = new ArrayList<>();
    poll.add(sent(labels, "trade", TRADE, Events.example(TRADE, e -> {})));
    Sent orderA = sent(labels, "order A", ORDER, Events.example(ORDER, e -> e.put("ownerId", a)));
    poll.add(orderA);
    poll.add(
        sent(
            labels,
            "transfer A→B",
            TRANSFER,
            Events.example(TRANSFER, e -> e.put("fromId", a).put("toId", b))));
    poll.add(
        sent(
            labels,
            "order D",
            ORDER,
            Events.example(ORDER, e -> e.put("ownerId", "inv-nobody-" + UUID.randomUUID()))));
    poll.add(
        sent(
            labels,
            "rejected",
            REJECTED,
            Events.example(REJECTED, e -> e.put("fromId", a).put("toId", b))));
    poll.add(sent(labels, "ownerless", ORDER, Events.example(ORDER, e -> e.put("ownerId", ""))));
    poll.add(new Sent(known, TRADE, Events.example(TRADE, e -> {})));
    poll.add(orderA);
    SentStatements statements = asOneCapturedPoll(poll);
    try {
      await()
          .atMost(WAIT)
          .until(() -> deliveries(subscriptions.keySet(), labels).size() == 7 && processed(poll));
    } finally {
      statements.close();
    }

    // then each subscription has exactly what each event alone gives it: public to every enabled
    // subscriber of the type, private to its owners' and operators', the disabled one nothing
    Set<String> expected =
        Set.of(
            "A: known trade",
            "A: trade",
            "A: order A",
            "A: transfer A→B",
            "B: transfer A→B",
            "operator: order A",
            "operator: order D");
    Map<UUID, String> mine = new HashMap<>(subscriptions);
    assertThat(labelled(deliveries(subscriptions.keySet(), labels), mine)).isEqualTo(expected);
    // and the poll cost one marking statement and one fan-out statement (before: one fan-out
    // statement per offered event, four here)
    System.out.printf(
        "%d records: %d fan-out statements, %d polls%n",
        poll.size(), statements.matching(FAN_OUT), statements.matching(MARK));
    assertThat(statements.matching(MARK)).as("polls").isOne();
    assertThat(statements.matching(FAN_OUT)).as("fan-out statements").isOne();

    // when the whole poll is delivered again
    List<String> before = deliveryIds(subscriptions.keySet());
    String key = asOnePoll(poll);
    // and a later trade under the poll's key: in the poll's partition it is read only after the
    // poll, whose records become readable only once the broker has written the transaction's
    // commit marker (after the producer's commit returned), so no record of this test is left to
    // a poll of the next
    String after = UUID.randomUUID().toString();
    Events.send(after, TRADE, key, Events.example(TRADE, e -> {}));
    await().atMost(WAIT).until(() -> deliveriesOf(after) >= 1);

    // then nothing is added but the later trade's delivery, and each event went once to each
    // entitled subscription
    List<String> again = deliveryIds(subscriptions.keySet());
    assertThat(again).hasSize(before.size() + 1).containsAll(before);
    assertThat(
            count(
                "select count(*) from delivery where subscription_id = $1 and event_id = $2",
                subA,
                after))
        .isOne();
    assertThat(labelled(deliveries(subscriptions.keySet(), labels), mine)).isEqualTo(expected);
  }

  @Test
  void shouldQueueNothingWithoutSubscriberYetReachASubscriptionJustStoredElsewhere() {
    // given investors without any subscription
    List<Sent> poll = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      String investor = principal();
      poll.add(
          new Sent(
              UUID.randomUUID().toString(),
              FROZEN,
              Events.example(FROZEN, e -> e.put("investorId", investor))));
    }

    // when one poll brings an event private to each of them
    SentStatements statements = asOneCapturedPoll(poll);
    try {
      await().atMost(WAIT).until(() -> processed(poll));
    } finally {
      statements.close();
    }

    // then nothing is queued, by one statement for the poll rather than one per event
    for (Sent s : poll) {
      assertThat(deliveriesOf(s.id())).isZero();
    }
    System.out.printf(
        "%d records, no subscriber: %d fan-out statements, %d polls%n",
        poll.size(), statements.matching(FAN_OUT), statements.matching(MARK));
    assertThat(statements.matching(MARK)).as("polls").isOne();
    assertThat(statements.matching(FAN_OUT)).as("fan-out statements").isOne();

    // when another instance has just stored a subscription (nothing of it in this instance's
    // memory) and the next event is the investor's
    String investor = principal();
    UUID stored = UUID.randomUUID();
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    db.sql(
            "insert into subscription (id, owner_id, owner_operator, url, event_types, status,"
                + " secret, created_at, updated_at) values (:id, :owner, false, :url,"
                + " array['investor.frozen'], 'enabled', :secret, :at, :at)")
        .bind("id", stored)
        .bind("owner", investor)
        .bind("url", receiver.url())
        .bind("secret", Secrets.generate())
        .bind("at", now)
        .then()
        .block(Duration.ofSeconds(10));
    String next =
        Events.send(FROZEN, investor, Events.example(FROZEN, e -> e.put("investorId", investor)));

    // then it gets the event
    await().atMost(WAIT).until(() -> deliveriesOf(next) == 1);
    assertThat(
            count(
                "select count(*) from delivery where subscription_id = $1 and event_id = $2",
                stored,
                next))
        .isOne();
    await().atMost(WAIT).until(() -> receiver.received().size() == 1);
    assertThat(receiver.received().get(0).id()).isEqualTo("msg_" + next);
  }

  /** An event to publish under its id. */
  private record Sent(String id, String type, String data) {}

  private static Sent sent(Map<String, String> labels, String label, String type, String data) {
    String id = UUID.randomUUID().toString();
    labels.put(id, label);
    return new Sent(id, type, data);
  }

  /**
   * Publishes the events while the fan-out consumer is paused, so that one poll brings them;
   * answers the key they were published under.
   */
  private String asOnePoll(List<Sent> events) {
    return asOnePoll(events, () -> {});
  }

  /**
   * {@link #asOnePoll} counting the statements sent from the moment the listener is paused: a poll
   * of an earlier test's stragglers still under way before then is not counted.
   */
  private SentStatements asOneCapturedPoll(List<Sent> events) {
    SentStatements[] statements = new SentStatements[1];
    try {
      asOnePoll(events, () -> statements[0] = SentStatements.capture());
    } catch (RuntimeException e) {
      if (statements[0] != null) {
        statements[0].close();
      }
      throw e;
    }
    return statements[0];
  }

  private String asOnePoll(List<Sent> events, Runnable whilePaused) {
    MessageListenerContainer container =
        listeners.getListenerContainers().stream()
            .filter(
                l -> List.of(l.getContainerProperties().getTopics()).contains(Events.topic(TRADE)))
            .findFirst()
            .orElseThrow();
    container.pause();
    try {
      await().atMost(WAIT).until(container::isContainerPaused);
      whilePaused.run();
      // in one transaction, one key: the consumer sees them at once, in one partition per topic
      String key = UUID.randomUUID().toString();
      Events.sendTogether(
          events.stream().map(s -> new Events.Event(s.id(), s.type(), key, s.data())).toList());
      return key;
    } finally {
      container.resume();
    }
  }

  /** Whether every offered event with an owner of the poll is marked processed. */
  private boolean processed(List<Sent> poll) {
    for (Sent s : poll) {
      boolean owned = !s.type().equals(REJECTED) && !s.data().contains("\"ownerId\":\"\"");
      if (owned
          && count(
                  "select count(*) from processed_event where consumer = $1 and event_id = $2",
                  "webhook-service.fan-out",
                  s.id())
              != 1) {
        return false;
      }
    }
    return true;
  }

  private long deliveriesOf(String eventId) {
    return count("select count(*) from delivery where event_id = $1", eventId);
  }

  /** The (subscription, event id) of every delivery to the subscriptions of an event labelled. */
  private List<String[]> deliveries(Set<UUID> subscriptions, Map<String, String> labels) {
    return db.sql(
            "select subscription_id::text, event_id from delivery where subscription_id = any($1)")
        .bind(0, subscriptions.toArray(UUID[]::new))
        .map(row -> new String[] {row.get(0, String.class), row.get(1, String.class)})
        .all()
        .filter(d -> labels.containsKey(d[1]))
        .map(d -> new String[] {d[0], labels.get(d[1])})
        .collectList()
        .block(Duration.ofSeconds(10));
  }

  private List<String> deliveryIds(Set<UUID> subscriptions) {
    return db.sql("select id::text from delivery where subscription_id = any($1)")
        .bind(0, subscriptions.toArray(UUID[]::new))
        .map(row -> row.get(0, String.class))
        .all()
        .collectList()
        .block(Duration.ofSeconds(10));
  }

  /** "subscription: event" for each delivery; a repeat would make the list longer than the set. */
  private static Set<String> labelled(List<String[]> deliveries, Map<UUID, String> names) {
    Set<String> out = new TreeSet<>();
    for (String[] d : deliveries) {
      assertThat(out.add(names.get(UUID.fromString(d[0])) + ": " + d[1]))
          .as("delivered once: %s %s", d[0], d[1])
          .isTrue();
    }
    return out;
  }

  /** A fan-out statement. */
  private static final String FAN_OUT = "insert into delivery (";

  /** The consumer's marking statement: one per poll with events to apply. */
  private static final String MARK = "insert into processed_event";
}
