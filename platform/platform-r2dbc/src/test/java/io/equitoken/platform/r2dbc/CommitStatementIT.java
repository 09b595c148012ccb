package io.equitoken.platform.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.test.SentStatements;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** The writes a transaction makes at its commit, on a real PostgreSQL. */
class CommitStatementIT {

  private static DatabaseClient db;
  private static TransactionalOperator tx;

  private final CommitStatement atCommit = new CommitStatement(db);

  @BeforeAll
  static void setUp() {
    TestDatabase database = TestInfrastructure.database("platform_r2dbc");
    ConnectionFactory factory =
        ConnectionFactories.get(
            ConnectionFactoryOptions.parse(database.r2dbcUrl())
                .mutate()
                .option(ConnectionFactoryOptions.USER, database.username())
                .option(ConnectionFactoryOptions.PASSWORD, database.password())
                .build());
    db = DatabaseClient.create(factory);
    tx = TransactionalOperator.create(new R2dbcTransactionManager(factory));
    run(
        "create table if not exists note (seq bigserial primary key, text text not null,"
            + " remark text)");
    run("create table if not exists tally (name text primary key, n int not null)");
  }

  @BeforeEach
  void empty() {
    run("truncate note, tally");
  }

  private static void run(String sql) {
    db.sql(sql).then().block(Duration.ofSeconds(10));
  }

  /** A note, inserted at commit. */
  private static final class Note implements CommitStatement.Part {
    final String text;
    final String remark;
    final AtomicInteger committed = new AtomicInteger();

    Note(String text, String remark) {
      this.text = text;
      this.remark = remark;
    }

    Note(String text) {
      this(text, null);
    }

    @Override
    public String table() {
      return "note";
    }

    @Override
    public String sql(CommitStatement.Parameters p) {
      return "insert into note (text, remark) values ("
          + p.bind("text", text)
          + ", "
          + p.bind("remark", remark, String.class)
          + ")";
    }

    @Override
    public void committed() {
      committed.incrementAndGet();
    }
  }

  /** A tally's first count, inserted at commit; refused when the tally exists already. */
  private record FirstCount(String name) implements CommitStatement.Part {
    @Override
    public String table() {
      return "tally";
    }

    @Override
    public String sql(CommitStatement.Parameters p) {
      return "insert into tally (name, n) values ("
          + p.bind("name", name)
          + ", 1) on conflict do nothing";
    }

    @Override
    public Mono<Void> written(long rows) {
      return rows == 1 ? Mono.empty() : Mono.error(new IllegalStateException("counted already"));
    }
  }

  /** Many notes gathered in one transaction, each a part of its own. */
  private static final class Notes implements CommitStatement.Writes {
    final List<Note> notes = new ArrayList<>();

    @Override
    public List<? extends CommitStatement.Part> parts() {
      return notes;
    }
  }

  private List<String> notes() {
    return db.sql("select text from note order by seq")
        .map(row -> row.get("text", String.class))
        .all()
        .collectList()
        .block(Duration.ofSeconds(10));
  }

  private long tallies() {
    return db.sql("select count(*) as n from tally")
        .map(row -> row.get("n", Long.class))
        .one()
        .block(Duration.ofSeconds(10));
  }

  @Test
  void shouldWriteTheWritesOfATransactionAtItsCommitInOneStatement() {
    Note note = new Note("first", null);
    try (SentStatements sent = SentStatements.capture()) {
      tx.transactional(
              atCommit
                  .add(note)
                  .then(atCommit.add(new FirstCount("orders")))
                  // nothing is written while the transaction's work runs
                  .then(Mono.fromCallable(() -> sent.matching("insert into")))
                  .doOnNext(duringWork -> assertThat(duringWork).isZero()))
          .block(Duration.ofSeconds(10));

      assertThat(sent.matching("insert into")).isEqualTo(1);
      assertThat(sent.matching("insert into note")).isEqualTo(1);
      assertThat(sent.matching("insert into tally")).isEqualTo(1);
    }
    assertThat(notes()).containsExactly("first");
    assertThat(tallies()).isEqualTo(1);
    assertThat(note.committed).hasValue(1);
  }

  @Test
  void shouldRollBackTheWholeTransactionWhenAPartRefusesWhatItWrote() {
    run("insert into tally (name, n) values ('orders', 1)");
    Note note = new Note("lost");

    assertThatThrownBy(
            () ->
                tx.transactional(
                        db.sql("insert into note (text) values ('direct')")
                            .then()
                            .then(atCommit.add(note))
                            .then(atCommit.add(new FirstCount("orders"))))
                    .block(Duration.ofSeconds(10)))
        .hasMessageContaining("counted already");

    // the transaction's own statement and the other part are rolled back with it
    assertThat(notes()).isEmpty();
    assertThat(note.committed).hasValue(0);
  }

  @Test
  void shouldWriteNothingForATransactionThatRollsBack() {
    Note note = new Note("never");

    assertThatThrownBy(
            () ->
                tx.transactional(
                        atCommit.add(note).then(Mono.error(new IllegalStateException("refused"))))
                    .block(Duration.ofSeconds(10)))
        .hasMessageContaining("refused");

    assertThat(notes()).isEmpty();
    assertThat(note.committed).hasValue(0);
  }

  @Test
  void shouldKeepTheOrderOfPartsOnOneTableBySeparateStatements() {
    try (SentStatements sent = SentStatements.capture()) {
      tx.transactional(
              atCommit
                  .add(new Note("one"))
                  .then(atCommit.add(new FirstCount("orders")))
                  .then(atCommit.add(new Note("two")))
                  .then(atCommit.add(new Note("three"))))
          .block(Duration.ofSeconds(10));

      // the tally rides with the first note; each further note is a statement of its own
      assertThat(sent.matching("insert into note")).isEqualTo(3);
      assertThat(sent.matching("insert into tally")).isEqualTo(1);
    }
    assertThat(notes()).containsExactly("one", "two", "three");
  }

  @Test
  void shouldGatherOneWriterOfATransactionUnderItsKey() {
    Object key = new Object();
    List<Notes> seen = new ArrayList<>();

    tx.transactional(
            atCommit
                .gathered(key, Notes::new)
                .doOnNext(notes -> notes.notes.add(new Note("a")))
                .doOnNext(seen::add)
                .then(atCommit.gathered(key, Notes::new))
                .doOnNext(notes -> notes.notes.add(new Note("b")))
                .doOnNext(seen::add))
        .block(Duration.ofSeconds(10));

    assertThat(seen).hasSize(2);
    assertThat(seen.get(0)).isSameAs(seen.get(1));
    assertThat(notes()).containsExactly("a", "b");
    // without a transaction there is nothing to gather into
    assertThat(atCommit.gathered(key, Notes::new).block(Duration.ofSeconds(10))).isNull();
  }

  @Test
  void shouldWriteAtOnceWithoutATransaction() {
    Note note = new Note("now");

    atCommit.add(note).block(Duration.ofSeconds(10));

    assertThat(notes()).containsExactly("now");
    assertThat(note.committed).hasValue(1);
  }

  @Test
  void shouldSplitAStatementBeforeTheParameterLimit() {
    String big = UUID.randomUUID().toString();
    CommitStatement.Part wide =
        new CommitStatement.Part() {
          @Override
          public String table() {
            return "tally";
          }

          /** Binds as many values as one statement takes: its name and the rest in an array. */
          @Override
          public String sql(CommitStatement.Parameters p) {
            StringBuilder values = new StringBuilder();
            for (int i = 1; i < CommitStatement.MAX_PARAMETERS; i++) {
              values.append(i == 1 ? "" : ", ").append(p.bind("v" + i, i));
            }
            return "insert into tally (name, n) values ("
                + p.bind("name", big)
                + ", least(1, cardinality(array["
                + values
                + "])))";
          }
        };
    try (SentStatements sent = SentStatements.capture()) {
      tx.transactional(atCommit.add(new Note("before")).then(atCommit.add(wide)))
          .block(Duration.ofSeconds(10));

      assertThat(sent.matching("insert into note")).isEqualTo(1);
      assertThat(sent.matching("insert into tally")).isEqualTo(1);
      assertThat(sent.all().stream().filter(s -> s.contains("insert into"))).hasSize(2);
    }
    assertThat(notes()).containsExactly("before");
    assertThat(tallies()).isEqualTo(1);
  }
}
