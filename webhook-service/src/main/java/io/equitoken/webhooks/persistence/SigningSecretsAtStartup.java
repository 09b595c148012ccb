package io.equitoken.webhooks.persistence;

import io.equitoken.platform.core.SealedSecret;
import io.equitoken.platform.web.security.ConfiguredKey;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Before anything is served, consumed or sent: refuses to start when the stored signing secrets are
 * sealed under another key than the configured one (a wrong {@code EQUITOKEN_WEBHOOKS_SECRET_KEY}
 * fails here, clearly, not at the first delivery), then seals every plain-text secret still stored
 * (rows from before sealing, or written by an older instance during a rolling update), in bounded
 * batches.
 */
@Component
class SigningSecretsAtStartup implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(SigningSecretsAtStartup.class);
  private static final String SEALED = SealedSecret.PREFIX + "%";
  private static final int BATCH = 200;
  private static final int MAX_BATCHES = 10_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(1);

  private final DatabaseClient db;
  private final SecretColumns secrets;
  private volatile boolean running;

  SigningSecretsAtStartup(DatabaseClient db, SecretColumns secrets) {
    this.db = db;
    this.secrets = secrets;
  }

  @Override
  public void start() {
    checkKey();
    long sealed = sealPlainText();
    if (sealed > 0) {
      log.info("Sealed {} plain-text signing secrets under key {}", sealed, secrets.keyId());
    }
    running = true;
  }

  private void checkKey() {
    List<String> keyIds =
        db.sql(
                "select distinct split_part(v, ':', 3) as kid from (select secret as v from"
                    + " subscription union all select previous_secret from subscription) t"
                    + " where v like :sealed")
            .bind("sealed", SEALED)
            .map(row -> row.get("kid", String.class))
            .all()
            .collectList()
            .block(TIMEOUT);
    Set<String> foreign = new TreeSet<>(keyIds);
    foreign.remove(secrets.keyId());
    if (!foreign.isEmpty()) {
      // Spring Boot's failure report: the setting and both key ids, no stack trace, never the key
      throw ConfiguredKey.refused(
          "equitoken.webhooks.secret-key",
          "EQUITOKEN_WEBHOOKS_SECRET_KEY",
          "the configured key "
              + secrets.keyId()
              + " does not open the stored signing secrets: they are sealed under key "
              + String.join(", ", foreign)
              + ". Configure the key they were sealed with (a local ./equitoken up installation"
              + " whose data predates its own key: ./equitoken clean).");
    }
  }

  private long sealPlainText() {
    long total = 0;
    for (int batch = 0; batch < MAX_BATCHES; batch++) {
      List<Plain> rows =
          db.sql(
                  "select id, secret, previous_secret from subscription where secret not like"
                      + " :sealed or previous_secret not like :sealed limit :limit")
              .bind("sealed", SEALED)
              .bind("limit", BATCH)
              .map(
                  row ->
                      new Plain(
                          row.get("id", UUID.class),
                          row.get("secret", String.class),
                          row.get("previous_secret", String.class)))
              .all()
              .collectList()
              .block(TIMEOUT);
      if (rows == null || rows.isEmpty()) {
        return total;
      }
      for (Plain row : rows) {
        total += seal(row);
      }
    }
    return total;
  }

  private long seal(Plain row) {
    var spec =
        db.sql(
                "update subscription set secret = :secret, previous_secret = :previous"
                    + " where id = :id and secret = :oldSecret"
                    + " and previous_secret is not distinct from :oldPrevious")
            .bind("id", row.id())
            .bind("oldSecret", row.secret())
            .bind("secret", sealed(row.id(), SecretColumns.SECRET, row.secret()));
    spec =
        Rows.bind(
            spec,
            "previous",
            sealed(row.id(), SecretColumns.PREVIOUS_SECRET, row.previous()),
            String.class);
    spec = Rows.bind(spec, "oldPrevious", row.previous(), String.class);
    Long updated = spec.fetch().rowsUpdated().block(TIMEOUT);
    return updated == null ? 0 : updated;
  }

  private String sealed(UUID id, String column, String value) {
    return value == null || SealedSecret.isSealed(value) ? value : secrets.seal(id, column, value);
  }

  @Override
  public void stop() {
    running = false;
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Before the web server, the Kafka listeners and the dispatcher. */
  @Override
  public int getPhase() {
    return Integer.MIN_VALUE + 1000;
  }

  private record Plain(UUID id, String secret, String previous) {}
}
