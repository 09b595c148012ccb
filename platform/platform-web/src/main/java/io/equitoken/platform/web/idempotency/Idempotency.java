package io.equitoken.platform.web.idempotency;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.Caller;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one {@code Idempotency-Key} implementation for creating calls (IETF draft
 * "httpapi-idempotency-key-header"):
 *
 * <ul>
 *   <li>The header is optional; when sent it must be 1..255 visible ASCII characters (0x21..0x7E),
 *       else 400 {@code invalid-idempotency-key} with {@code field: Idempotency-Key}.
 *   <li>Keys are scoped to the calling principal and the operation (e.g. {@code POST /listings}).
 *   <li>Same key + same body (compared by a SHA-256 of the canonical JSON of the parsed body, so
 *       whitespace and member order do not matter) → the first answer is replayed: status, the
 *       headers that matter ({@code Location}, {@code Content-Location}, {@code ETag}, {@code
 *       Cache-Control}) and body, plus {@code Idempotent-Replayed: true} (the first answer carries
 *       {@code Idempotent-Replayed: false}).
 *   <li>Same key + another body → 409 {@code idempotency-key-reused}.
 *   <li>The key is recorded with its answer after the work, in the same transaction, at its commit
 *       (in the statement that writes the transaction's events, so it costs no round trip of its
 *       own), so the work's effects happen once per key: a repeat's work runs too, then its commit
 *       finds the key recorded (waiting for a concurrent first call's transaction to end) and rolls
 *       back, and the recorded answer is replayed. A repeat whose work is refused (e.g. because the
 *       first call's effects are there now) is looked up and replayed as well. A refused or failed
 *       call records nothing; a retry is evaluated afresh.
 *   <li>That needs work whose every effect is inside the transaction. Work with an effect outside
 *       it (e.g. an audit log line) asks for {@link Recording#CLAIM_FIRST}: the key is claimed
 *       before the work as well (one statement more), so a repeat never runs it.
 *   <li>Records are kept for {@code equitoken.idempotency.retention} (default 24 h), then purged in
 *       bounded batches; an expired key is treated as new.
 * </ul>
 */
public class Idempotency {

  public static final String HEADER = "Idempotency-Key";
  public static final String REPLAYED_HEADER = "Idempotent-Replayed";
  public static final int MAX_KEY_LENGTH = 255;

  /** The response headers stored with the first answer and replayed. */
  public static final List<String> REPLAYED_HEADERS =
      List.of(
          HttpHeaders.LOCATION,
          HttpHeaders.CONTENT_LOCATION,
          HttpHeaders.ETAG,
          HttpHeaders.CACHE_CONTROL,
          HttpHeaders.LAST_MODIFIED);

  private static final JsonMapper CANONICAL =
      JsonMapper.builder()
          .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .build();

  private final IdempotencyStore store;
  private final Transactions transactions;
  private final JsonMapper json;
  private final Clock clock;
  private final Duration retention;

  public Idempotency(
      IdempotencyStore store,
      Transactions transactions,
      JsonMapper json,
      Clock clock,
      Duration retention) {
    this.store = store;
    this.transactions = transactions;
    this.json = json;
    this.clock = clock;
    this.retention = retention;
  }

  /** When a keyed call's key is recorded; see the class comment. */
  public enum Recording {
    /** After the work, with its answer: one statement; a repeat's work runs and rolls back. */
    WITH_ANSWER,
    /** Claimed before the work, its answer stored after it: a repeat never runs the work. */
    CLAIM_FIRST
  }

  /**
   * A creating call: who made it, what operation (e.g. {@code "POST /listings"}), the raw header
   * value (null when none was sent) and the parsed request body (may be null).
   */
  public record Call(String principalId, String operation, String key, Object body) {
    public Call {
      Objects.requireNonNull(principalId, "principalId");
      Objects.requireNonNull(operation, "operation");
    }
  }

  /**
   * Validates a raw {@code Idempotency-Key} header value.
   *
   * @return the key, or null when none was sent
   * @throws RefusedException 400 {@code invalid-idempotency-key} for an empty, too long or
   *     non-visible-ASCII key
   */
  public static String validKey(String raw) {
    if (raw == null) {
      return null;
    }
    if (raw.isEmpty()
        || raw.length() > MAX_KEY_LENGTH
        || !raw.chars().allMatch(c -> c >= 0x21 && c <= 0x7E)) {
      throw Refusal.badRequest(
              "invalid-idempotency-key",
              HEADER
                  + " must be 1 to "
                  + MAX_KEY_LENGTH
                  + " visible ASCII characters (a UUID is a good choice).")
          .withField(HEADER)
          .exception();
    }
    return raw;
  }

  /**
   * Runs {@code work} for the current {@link Caller} once per key; see {@link #execute(Call, Class,
   * UnaryOperator, Supplier)}.
   */
  public <T> Mono<ResponseEntity<T>> once(
      String operation,
      String rawKey,
      Object body,
      Class<T> bodyType,
      Supplier<Mono<ResponseEntity<T>>> work) {
    return Caller.current()
        .flatMap(
            caller ->
                execute(
                    new Call(caller.principalId(), operation, rawKey, body),
                    bodyType,
                    UnaryOperator.identity(),
                    work));
  }

  /** {@link #execute(Call, Class, UnaryOperator, Supplier)} storing the answer as it is. */
  public <T> Mono<ResponseEntity<T>> execute(
      Call call, Class<T> bodyType, Supplier<Mono<ResponseEntity<T>>> work) {
    return execute(call, bodyType, UnaryOperator.identity(), work);
  }

  /**
   * Runs {@code work} in one transaction together with recording the key, or replays the answer
   * recorded for the same key. Without a key, {@code work} simply runs in a transaction.
   *
   * @param bodyType the response body's type, to read a recorded body back
   * @param forReplay what of the first answer's body is stored for replays (e.g. without a secret
   *     that may be shown only once); the first caller still gets the full answer
   */
  public <T> Mono<ResponseEntity<T>> execute(
      Call call,
      Class<T> bodyType,
      UnaryOperator<T> forReplay,
      Supplier<Mono<ResponseEntity<T>>> work) {
    return execute(call, bodyType, forReplay, Recording.WITH_ANSWER, work);
  }

  /**
   * {@link #execute(Call, Class, UnaryOperator, Supplier)} with the key recorded as {@code
   * recording} says: {@link Recording#CLAIM_FIRST} for work with an effect outside the transaction.
   */
  public <T> Mono<ResponseEntity<T>> execute(
      Call call,
      Class<T> bodyType,
      UnaryOperator<T> forReplay,
      Recording recording,
      Supplier<Mono<ResponseEntity<T>>> work) {
    return Mono.defer(
        () -> {
          String key = validKey(call.key());
          if (key == null) {
            return transactions.inTransaction(Mono.defer(work));
          }
          String fingerprint = fingerprint(call.operation(), call.body());
          return firstOrReplay(
              new Keyed<>(call, key, fingerprint, bodyType, forReplay, recording, work), true);
        });
  }

  /** A keyed call and what it needs to run, record and replay. */
  private record Keyed<T>(
      Call call,
      String key,
      String fingerprint,
      Class<T> bodyType,
      UnaryOperator<T> forReplay,
      Recording recording,
      Supplier<Mono<ResponseEntity<T>>> work) {}

  /** The live record's answer for the key (a 409 if it was recorded for another request). */
  private <T> Mono<ResponseEntity<T>> existing(Keyed<T> keyed, Instant cutoff) {
    Call call = keyed.call();
    return store
        .find(call.principalId(), call.operation(), keyed.key())
        .filter(record -> record.createdAt().isAfter(cutoff))
        .map(
            record -> {
              if (!record.fingerprint().equals(keyed.fingerprint())) {
                throw Refusal.conflict(
                        "idempotency-key-reused",
                        HEADER
                            + " "
                            + keyed.key()
                            + " was already used with a different request; use a new key for a"
                            + " new request.")
                    .withField(HEADER)
                    .exception();
              }
              return replay(record, keyed.bodyType());
            });
  }

  /**
   * A first call costs no statement more than the work: the key is recorded with the answer in the
   * transaction's commit statement (one more with {@link Recording#CLAIM_FIRST}: the claim before
   * the work). A repeat finds the key recorded, rolls its work back and replays the recorded
   * answer; a repeat refused by its work is looked up (one read, on that path only) and replayed,
   * or the refusal stands when the key is not recorded. Should the record be purged between finding
   * it recorded and reading it (it expired meanwhile), the call runs afresh, once.
   */
  private <T> Mono<ResponseEntity<T>> firstOrReplay(Keyed<T> keyed, boolean mayRunAgain) {
    Call call = keyed.call();
    Instant now = Instant.now(clock);
    Instant cutoff = now.minus(retention);
    Mono<Void> claim =
        keyed.recording() == Recording.CLAIM_FIRST
            ? store.claim(
                call.principalId(), call.operation(), keyed.key(), keyed.fingerprint(), now, cutoff)
            : Mono.empty();
    return transactions
        .inTransaction(
            claim
                .then(Mono.defer(keyed.work()))
                .flatMap(
                    answer ->
                        store
                            .record(record(keyed, now, answer), cutoff)
                            .thenReturn(firstAnswer(answer))))
        .onErrorResume(
            failure -> {
              if (failure instanceof IdempotencyStore.KeyAlreadyRecordedException) {
                return existing(keyed, cutoff)
                    .switchIfEmpty(
                        Mono.defer(() -> mayRunAgain ? firstOrReplay(keyed, false) : Mono.empty()));
              }
              if (failure instanceof RefusedException) {
                return existing(keyed, cutoff).switchIfEmpty(Mono.error(failure));
              }
              return Mono.error(failure);
            });
  }

  private <T> IdempotencyStore.Record record(
      Keyed<T> keyed, Instant now, ResponseEntity<T> answer) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String name : REPLAYED_HEADERS) {
      List<String> values = answer.getHeaders().get(name);
      if (values != null && !values.isEmpty()) {
        headers.put(name, values);
      }
    }
    T body = answer.getBody();
    String storedBody =
        body == null ? null : json.writeValueAsString(keyed.forReplay().apply(body));
    return new IdempotencyStore.Record(
        keyed.call().principalId(),
        keyed.call().operation(),
        keyed.key(),
        keyed.fingerprint(),
        answer.getStatusCode().value(),
        json.writeValueAsString(headers),
        storedBody,
        now);
  }

  private static <T> ResponseEntity<T> firstAnswer(ResponseEntity<T> answer) {
    HttpHeaders headers = new HttpHeaders();
    headers.addAll(answer.getHeaders());
    headers.set(REPLAYED_HEADER, "false");
    return new ResponseEntity<>(answer.getBody(), headers, answer.getStatusCode());
  }

  @SuppressWarnings("unchecked")
  private <T> ResponseEntity<T> replay(IdempotencyStore.Record record, Class<T> bodyType) {
    HttpHeaders headers = new HttpHeaders();
    Map<String, List<String>> stored = json.readValue(record.headers(), Map.class);
    stored.forEach(headers::addAll);
    headers.set(REPLAYED_HEADER, "true");
    T body = record.body() == null ? null : json.readValue(record.body(), bodyType);
    return ResponseEntity.status(HttpStatusCode.valueOf(record.status()))
        .headers(headers)
        .body(body);
  }

  /** SHA-256 over the operation and the canonical JSON of the parsed body. */
  static String fingerprint(String operation, Object body) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(operation.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) '\n');
      sha.update(CANONICAL.writeValueAsBytes(body));
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }
}
