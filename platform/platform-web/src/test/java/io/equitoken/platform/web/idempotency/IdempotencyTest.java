package io.equitoken.platform.web.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.idempotency.Idempotency.Recording;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

class IdempotencyTest {

  record Order(String id, String item) {}

  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
  private static final Duration RETENTION = Duration.ofHours(24);

  private final MemoryStore store = new MemoryStore();
  private final Transactions inline =
      new Transactions() {
        @Override
        public <T> Mono<T> inTransaction(Mono<T> work) {
          return work;
        }
      };
  private final Idempotency idempotency =
      new Idempotency(
          store, inline, JsonMapper.builder().build(), Clock.fixed(NOW, ZoneOffset.UTC), RETENTION);

  /** Work that creates one order per run, the first run's id being "order-1". */
  private final AtomicInteger runs = new AtomicInteger();

  private final Supplier<Mono<ResponseEntity<Order>>> create =
      () ->
          Mono.fromSupplier(
              () -> {
                String id = "order-" + runs.incrementAndGet();
                return ResponseEntity.created(URI.create("/orders/" + id))
                    .body(new Order(id, "apple"));
              });

  /** Work that can be done once only: a second run is refused, as a spent balance would be. */
  private final Supplier<Mono<ResponseEntity<Order>>> createOnce =
      () ->
          runs.get() == 0
              ? create.get()
              : Mono.error(Refusal.unprocessable("out-of-stock", "None left.").exception());

  private Mono<ResponseEntity<Order>> call(
      String key, Object body, Supplier<Mono<ResponseEntity<Order>>> work) {
    return idempotency.execute(
        new Idempotency.Call("inv-1", "POST /orders", key, body), Order.class, work);
  }

  private ResponseEntity<Order> answer(Mono<ResponseEntity<Order>> call) {
    return call.block(Duration.ofSeconds(5));
  }

  @Test
  void shouldRecordAFirstCallWithItsAnswerInOneStatement() {
    var first = answer(call("k1", Map.of("item", "apple"), create));

    assertThat(first.getStatusCode().value()).isEqualTo(201);
    assertThat(first.getHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("false");
    assertThat(store.statements).containsExactly("record");
    IdempotencyStore.Record recorded = store.records.get("k1");
    assertThat(recorded.status()).isEqualTo(201);
    assertThat(recorded.headers()).isEqualTo("{\"Location\":[\"/orders/order-1\"]}");
    assertThat(recorded.body()).isEqualTo("{\"id\":\"order-1\",\"item\":\"apple\"}");
    assertThat(recorded.createdAt()).isEqualTo(NOW);
  }

  @Test
  void shouldReplayTheRecordedAnswerToARepeat() {
    var first = answer(call("k1", Map.of("item", "apple"), create));
    var again = answer(call("k1", Map.of("item", "apple"), create));

    assertThat(again.getBody()).isEqualTo(first.getBody());
    assertThat(again.getStatusCode()).isEqualTo(first.getStatusCode());
    assertThat(again.getHeaders().getLocation()).isEqualTo(URI.create("/orders/order-1"));
    assertThat(again.getHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("true");
    // the repeat's work ran (its transaction rolls back) and its recording was refused
    assertThat(store.statements).containsExactly("record", "record", "find");
    assertThat(store.records.get("k1").body()).contains("order-1");
  }

  @Test
  void shouldReplayTheRecordedAnswerToARepeatWhoseWorkIsRefused() {
    var first = answer(call("k1", Map.of("item", "apple"), createOnce));
    var again = answer(call("k1", Map.of("item", "apple"), createOnce));

    assertThat(again.getBody()).isEqualTo(first.getBody());
    assertThat(again.getHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("true");
    assertThat(store.statements).containsExactly("record", "find");
  }

  @Test
  void shouldAnswerAConflictToARefusedRepeatWithAnotherBody() {
    answer(call("k1", Map.of("item", "apple"), createOnce));

    assertThatThrownBy(() -> answer(call("k1", Map.of("item", "pear"), createOnce)))
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> assertThat(e.refusal().code()).isEqualTo("idempotency-key-reused"));
  }

  @Test
  void shouldLetARefusalStandWhenTheKeyIsNotRecorded() {
    runs.set(1);

    assertThatThrownBy(() -> answer(call("k1", Map.of("item", "apple"), createOnce)))
        .isInstanceOfSatisfying(
            RefusedException.class, e -> assertThat(e.refusal().code()).isEqualTo("out-of-stock"));
    assertThat(store.records).isEmpty();
  }

  @Test
  void shouldTreatAnExpiredKeyAsNew() {
    store.records.put(
        "k1",
        new IdempotencyStore.Record(
            "inv-1", "POST /orders", "k1", "old", 201, "{}", null, NOW.minus(RETENTION)));

    var answer = answer(call("k1", Map.of("item", "pear"), create));

    assertThat(answer.getHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("false");
    assertThat(store.records.get("k1").body()).contains("order-1");
  }

  @Test
  void shouldRunTheWorkOfARepeatNeverWhenClaimingFirst() {
    Supplier<Mono<ResponseEntity<Order>>> claimingFirst =
        () ->
            idempotency.execute(
                new Idempotency.Call("inv-1", "POST /orders", "k1", Map.of("item", "apple")),
                Order.class,
                UnaryOperator.identity(),
                Recording.CLAIM_FIRST,
                create);

    var first = answer(claimingFirst.get());
    var again = answer(claimingFirst.get());

    assertThat(runs).hasValue(1);
    assertThat(again.getBody()).isEqualTo(first.getBody());
    assertThat(again.getHeaders().getFirst(Idempotency.REPLAYED_HEADER)).isEqualTo("true");
    assertThat(store.statements).containsExactly("claim", "record", "claim", "find");
    assertThat(store.records.get("k1").status()).isEqualTo(201);
  }

  @Test
  void shouldRunTheWorkInATransactionWithoutAKey() {
    var answer = answer(call(null, Map.of("item", "apple"), create));

    assertThat(answer.getHeaders().containsHeader(Idempotency.REPLAYED_HEADER)).isFalse();
    assertThat(store.statements).isEmpty();
  }

  /**
   * The store as R2dbcIdempotencyStore behaves within one transaction, with the statements sent
   * (without rollback: what a repeat's work did stays, which these tests do not look at).
   */
  private static final class MemoryStore implements IdempotencyStore {
    final Map<String, Record> records = new HashMap<>();
    final List<String> statements = new java.util.ArrayList<>();
    private final Map<String, Boolean> claimed = new HashMap<>();

    @Override
    public Mono<Record> find(String principalId, String operation, String key) {
      statements.add("find");
      return Mono.justOrEmpty(records.get(key));
    }

    @Override
    public Mono<Void> record(Record record, Instant cutoff) {
      statements.add("record");
      return take(record.key(), cutoff, record);
    }

    @Override
    public Mono<Void> claim(
        String principalId,
        String operation,
        String key,
        String fingerprint,
        Instant createdAt,
        Instant cutoff) {
      statements.add("claim");
      return take(
          key,
          cutoff,
          new Record(principalId, operation, key, fingerprint, 0, "{}", null, createdAt));
    }

    private Mono<Void> take(String key, Instant cutoff, Record record) {
      Record live = records.get(key);
      boolean ownClaim = claimed.remove(key) != null;
      if (live != null && live.createdAt().isAfter(cutoff) && !ownClaim) {
        return Mono.error(new KeyAlreadyRecordedException());
      }
      records.put(key, record);
      if (record.status() == 0) {
        claimed.put(key, true);
      }
      return Mono.empty();
    }

    @Override
    public Mono<Long> purgeBatch(Instant cutoff, int limit) {
      return Mono.just(0L);
    }
  }
}
