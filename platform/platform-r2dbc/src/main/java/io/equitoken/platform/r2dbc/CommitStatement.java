package io.equitoken.platform.r2dbc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronization;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The statement a transaction sends just before it commits. Writes that nothing in the transaction
 * reads back (its outbox events, an {@code Idempotency-Key}'s record of the answer) are added as
 * {@link Part parts} while the transaction runs, and written together as the data-modifying common
 * table expressions of one statement: they cost the transaction one round trip, not one each. A
 * transaction that rolls back writes none of them.
 *
 * <p>A part may refuse the rows it wrote ({@link Part#written}): its error fails the statement's
 * transaction at commit, which rolls it back, and reaches whoever awaits the transaction (an
 * idempotency key recorded already: the transaction is rolled back and the first answer replayed).
 *
 * <p>Parts are written in the order they were added. The data-modifying statements of one {@code
 * with} run in no defined order, so two parts on the same table go into separate statements (an
 * outbox's rows keep their order), as does a part whose values would take a statement past {@link
 * #MAX_PARAMETERS} (counted as it binds them). Without a transaction a part is written at once, by
 * a statement of its own.
 *
 * <p>Every instance shares the transaction's one statement (it is bound to the transaction under
 * this class), so the pieces that add parts need not share an instance.
 */
public final class CommitStatement {

  /**
   * The most bind parameters one statement carries (PostgreSQL takes at most 65,535), so that a
   * transaction with thousands of events is written in a few statements rather than refused.
   */
  public static final int MAX_PARAMETERS = 30_000;

  /**
   * What a piece of code writes at commit: the parts it gathered during the transaction, asked for
   * only when the transaction commits.
   */
  public interface Writes {

    /** The parts to write, in order. */
    List<? extends Part> parts();

    /** Runs once the transaction has committed (at once after the write without a transaction). */
    default void committed() {}
  }

  /** A write made at commit: one {@code insert}, {@code update} or {@code delete}. */
  public interface Part extends Writes {

    @Override
    default List<? extends Part> parts() {
      return List.of(this);
    }

    /**
     * The table it writes: parts on the same table are written in order, by separate statements.
     */
    String table();

    /**
     * The data-modifying statement, without a {@code returning} clause (the commit statement adds
     * one to count the rows), its values bound through {@code parameters}.
     */
    String sql(Parameters parameters);

    /**
     * Checks how many rows the statement wrote (inserted, or updated by {@code on conflict do
     * update}); an error fails the transaction's commit and rolls it back.
     */
    default Mono<Void> written(long rows) {
      return Mono.empty();
    }
  }

  /** Binds a part's values under names of its own in the shared statement. */
  public static final class Parameters {
    private final String prefix;
    private final Map<String, Parameter> values = new LinkedHashMap<>();

    private Parameters(String prefix) {
      this.prefix = prefix;
    }

    /**
     * Binds {@code value} (null binds SQL {@code null} of {@code type}) and answers its
     * placeholder.
     */
    public String bind(String name, Object value, Class<?> type) {
      String unique = prefix + name;
      values.put(unique, Parameter.fromOrEmpty(value, type));
      return ":" + unique;
    }

    /** How many values were bound. */
    private int count() {
      return values.size();
    }

    /** Binds a value that is never null and answers its placeholder. */
    public String bind(String name, Object value) {
      if (value == null) {
        throw new IllegalArgumentException(name + " must not be null; bind its type with it");
      }
      return bind(name, value, value.getClass());
    }
  }

  private final DatabaseClient db;

  public CommitStatement(DatabaseClient db) {
    this.db = db;
  }

  /**
   * Adds {@code writes} to the current transaction's commit statement, or writes them at once
   * without a transaction.
   */
  public Mono<Void> add(Writes writes) {
    return pending()
        .doOnNext(pending -> pending.writes.add(writes))
        .hasElement()
        .flatMap(inTransaction -> inTransaction ? Mono.<Void>empty() : writeNow(writes));
  }

  /**
   * The writes of the current transaction's commit statement that {@code key} names, {@code
   * create}'s added the first time: for a writer that gathers many rows in one transaction. Empty
   * without a transaction; the caller then writes with {@link #add} at once.
   */
  @SuppressWarnings("unchecked")
  public <W extends Writes> Mono<W> gathered(Object key, Supplier<W> create) {
    return pending()
        .map(
            pending ->
                (W)
                    pending.gathered.computeIfAbsent(
                        key,
                        absent -> {
                          W writes = create.get();
                          pending.writes.add(writes);
                          return writes;
                        }));
  }

  /** The current transaction's pending writes; empty without a synchronized transaction. */
  private Mono<Pending> pending() {
    return TransactionSynchronizationManager.forCurrentTransaction()
        .flatMap(
            manager -> {
              if (!manager.isSynchronizationActive()) {
                return Mono.<Pending>empty();
              }
              Pending pending = (Pending) manager.getResource(CommitStatement.class);
              if (pending == null) {
                pending = new Pending(manager);
                manager.bindResource(CommitStatement.class, pending);
                manager.registerSynchronization(pending);
              }
              return Mono.just(pending);
            })
        .onErrorResume(NoTransactionException.class, none -> Mono.empty());
  }

  private Mono<Void> writeNow(Writes writes) {
    return write(List.of(writes)).then(Mono.fromRunnable(writes::committed));
  }

  /** A transaction's writes, made before it commits and told after it has. */
  private final class Pending implements TransactionSynchronization {
    private final TransactionSynchronizationManager manager;
    private final List<Writes> writes = new ArrayList<>();
    private final Map<Object, Writes> gathered = new HashMap<>();
    private final List<Writes> written = new ArrayList<>();

    Pending(TransactionSynchronizationManager manager) {
      this.manager = manager;
    }

    @Override
    public Mono<Void> beforeCommit(boolean readOnly) {
      return Mono.defer(
          () -> {
            List<Writes> now = List.copyOf(writes);
            writes.clear();
            gathered.clear();
            written.addAll(now);
            return write(now);
          });
    }

    @Override
    public Mono<Void> afterCommit() {
      return Mono.fromRunnable(() -> written.forEach(Writes::committed));
    }

    @Override
    public Mono<Void> afterCompletion(int status) {
      return Mono.fromRunnable(() -> manager.unbindResourceIfPossible(CommitStatement.class));
    }
  }

  /** A part's statement as written, under its name in the commit statement, with its values. */
  private record Written(Part part, String name, String sql, Parameters parameters) {}

  /** The parts in order, as few statements as the one-part-per-table rule and the limit allow. */
  private Mono<Void> write(List<Writes> writes) {
    List<Part> parts = writes.stream().<Part>flatMap(w -> w.parts().stream()).toList();
    List<List<Written>> statements = new ArrayList<>();
    List<Written> current = new ArrayList<>();
    Set<String> tables = new HashSet<>();
    int parameters = 0;
    for (int i = 0; i < parts.size(); i++) {
      Part part = parts.get(i);
      String name = "w" + i;
      Parameters bound = new Parameters(name + "_");
      Written written = new Written(part, name, part.sql(bound), bound);
      int needed = bound.count();
      if (!current.isEmpty()
          && (tables.contains(part.table()) || parameters + needed > MAX_PARAMETERS)) {
        statements.add(current);
        current = new ArrayList<>();
        tables.clear();
        parameters = 0;
      }
      current.add(written);
      tables.add(part.table());
      parameters += needed;
    }
    if (!current.isEmpty()) {
      statements.add(current);
    }
    return Flux.fromIterable(statements).concatMap(this::writeOne).then();
  }

  private Mono<Void> writeOne(List<Written> parts) {
    StringBuilder with = new StringBuilder("with ");
    StringBuilder counts = new StringBuilder(" select ");
    for (int i = 0; i < parts.size(); i++) {
      Written part = parts.get(i);
      with.append(i == 0 ? "" : ", ")
          .append(part.name())
          .append(" as (")
          .append(part.sql())
          .append(" returning 1)");
      counts
          .append(i == 0 ? "" : ", ")
          .append("(select count(*) from ")
          .append(part.name())
          .append(") as ")
          .append(part.name());
    }
    // all values bound at once: a bind per value copies the bindings so far, each time
    Map<String, Parameter> values = new LinkedHashMap<>();
    parts.forEach(part -> values.putAll(part.parameters().values));
    return db.sql(with.append(counts).toString())
        .bindValues(values)
        .map(
            row -> {
              long[] rows = new long[parts.size()];
              for (int i = 0; i < rows.length; i++) {
                rows[i] = row.get(parts.get(i).name(), Long.class);
              }
              return rows;
            })
        .one()
        .flatMapMany(
            rows ->
                Flux.range(0, parts.size()).concatMap(i -> parts.get(i).part().written(rows[i])))
        .then();
  }
}
