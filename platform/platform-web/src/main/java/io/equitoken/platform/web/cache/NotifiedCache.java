package io.equitoken.platform.web.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A read cache that is used only while the database reports every change to what it holds ({@link
 * DatabaseChangeFeed}: PostgreSQL {@code LISTEN}/{@code NOTIFY}, sent by a trigger at commit, to
 * every replica). While the feed is down the cache is empty and every read goes to the database, so
 * a lost connection costs speed, never correctness.
 *
 * <p>A load that overlaps a change never leaves its (possibly older) value behind: every change
 * advances a generation, and a loaded value is kept only if no change arrived between the start of
 * its load and its insertion — checked after inserting, so a change racing the insertion removes it
 * again. {@code maxAge} bounds an entry's life as a last resort; correctness does not rest on it.
 *
 * <p>For reads outside transactions only: a read inside a transaction must see that transaction's
 * own writes, and nothing uncommitted may enter the cache.
 */
public final class NotifiedCache<K, V> {

  private final Cache<K, V> entries;
  private final AtomicLong generation = new AtomicLong();
  private volatile boolean live;

  public NotifiedCache(long maximumSize, Duration maxAge) {
    this.entries = Caffeine.newBuilder().maximumSize(maximumSize).expireAfterWrite(maxAge).build();
  }

  /** The cached value, or {@code load}'s, kept if nothing changed meanwhile. */
  public Mono<V> get(K key, Function<K, Mono<V>> load) {
    if (!live) {
      return load.apply(key);
    }
    V hit = entries.getIfPresent(key);
    if (hit != null) {
      return Mono.just(hit);
    }
    long seen = generation.get();
    return load.apply(key).doOnNext(value -> keep(key, value, seen));
  }

  private void keep(K key, V value, long seen) {
    if (!live || generation.get() != seen) {
      return;
    }
    entries.put(key, value);
    if (!live || generation.get() != seen) {
      entries.invalidate(key);
    }
  }

  /** What {@code key} names changed (or is about to, in a transaction that may commit). */
  public void changed(K key) {
    generation.incrementAndGet();
    entries.invalidate(key);
  }

  /** The change feed is listening: from now on every change is reported. */
  public void live() {
    generation.incrementAndGet();
    entries.invalidateAll();
    live = true;
  }

  /** The change feed is down: changes may go unreported, so nothing is served from memory. */
  public void dark() {
    live = false;
    generation.incrementAndGet();
    entries.invalidateAll();
  }

  public boolean isLive() {
    return live;
  }

  /** Whether a value for {@code key} is held now (tests). */
  public boolean holds(K key) {
    return entries.getIfPresent(key) != null;
  }

  /** Entries held now (after pending evictions), for tests and meters. */
  public long size() {
    entries.cleanUp();
    return entries.estimatedSize();
  }
}
