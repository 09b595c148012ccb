package io.equitoken.identity.token;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Limits failed secrets per API key id and client address, under a ceiling per key id:
 *
 * <ul>
 *   <li>after {@code maxPerAddress} failures for one key id from one {@link ClientAddress} within
 *       {@code window} (counted from the first of them), that address's attempts for that key id —
 *       right secret or not — are refused until the window ends; other addresses, the owner's among
 *       them, are not affected. A right secret from an address clears that address's count.
 *   <li>after {@code maxPerKey} failures for one key id from all addresses together within {@code
 *       window}, every attempt for that key id is refused until the window ends, which bounds the
 *       guesses at one key's secret by attackers spread over many addresses. A right secret does
 *       not clear this count, so a client that keeps fetching tokens cannot reopen the guessing.
 * </ul>
 *
 * <p>Refused attempts are not counted. Counts live in this instance's memory, each map bounded to
 * {@code maxTracked} entries (least recently used first out), so N replicas allow N times the
 * numbers per window.
 */
public final class FailedSecretLimiter {

  /** Which count refused an attempt. */
  public enum Scope {
    /** this key id from this client address */
    ADDRESS,
    /** this key id from every address */
    KEY
  }

  /** A refusal: which count, and how long until its window ends. */
  public record Lockout(Scope scope, Duration retryAfter) {}

  private final int maxPerAddress;
  private final int maxPerKey;
  private final Duration window;
  private final Clock clock;
  private final Map<Slot, Failures> perAddress;
  private final Map<String, Failures> perKey;

  public FailedSecretLimiter(
      int maxPerAddress, int maxPerKey, Duration window, int maxTracked, Clock clock) {
    if (maxPerAddress < 1
        || maxPerKey < 1
        || window.isNegative()
        || window.isZero()
        || maxTracked < 1) {
      throw new IllegalArgumentException(
          "Expected maxPerAddress ≥ 1, maxPerKey ≥ 1, a positive window and maxTracked ≥ 1");
    }
    this.maxPerAddress = maxPerAddress;
    this.maxPerKey = maxPerKey;
    this.window = window;
    this.clock = clock;
    this.perAddress = boundedMap(maxTracked);
    this.perKey = boundedMap(maxTracked);
  }

  private static <K> Map<K, Failures> boundedMap(int maxEntries) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, Failures> eldest) {
        return size() > maxEntries;
      }
    };
  }

  /** Why and how long attempts for this key id from this address stay refused, or empty. */
  public synchronized Optional<Lockout> blockedFor(String keyId, ClientAddress from) {
    Instant now = clock.instant();
    Optional<Duration> keyWide = blocked(perKey.get(keyId), maxPerKey, now);
    if (keyWide.isPresent()) {
      return Optional.of(new Lockout(Scope.KEY, keyWide.get()));
    }
    return blocked(perAddress.get(slot(keyId, from)), maxPerAddress, now)
        .map(wait -> new Lockout(Scope.ADDRESS, wait));
  }

  public synchronized void failed(String keyId, ClientAddress from) {
    Instant now = clock.instant();
    count(perAddress, slot(keyId, from), now);
    count(perKey, keyId, now);
  }

  /** A right secret: this address's count for the key id is cleared, the key-wide one is not. */
  public synchronized void succeeded(String keyId, ClientAddress from) {
    perAddress.remove(slot(keyId, from));
  }

  private Optional<Duration> blocked(Failures f, int max, Instant now) {
    if (f == null || f.count() < max || !now.isBefore(f.since().plus(window))) {
      return Optional.empty();
    }
    return Optional.of(Duration.between(now, f.since().plus(window)));
  }

  private <K> void count(Map<K, Failures> counts, K slot, Instant now) {
    Failures f = counts.get(slot);
    if (f == null || !now.isBefore(f.since().plus(window))) {
      counts.put(slot, new Failures(now, 1));
    } else {
      counts.put(slot, new Failures(f.since(), f.count() + 1));
    }
  }

  private static Slot slot(String keyId, ClientAddress from) {
    return new Slot(keyId, from);
  }

  private record Slot(String keyId, ClientAddress from) {}

  private record Failures(Instant since, int count) {}
}
