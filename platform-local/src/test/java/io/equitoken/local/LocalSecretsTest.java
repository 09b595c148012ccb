package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSecretsTest {

  @TempDir Path dir;

  @Test
  void shouldGenerateOwnerOnlySecretsOnceAndKeepThem() throws Exception {
    LocalSecrets first = LocalSecrets.loadOrCreate(dir, List.of("listings", "trading"));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.file())))
        .isEqualTo("rw-------");
    assertThat(first.databasePassword("listings"))
        .hasSizeGreaterThanOrEqualTo(32)
        .isNotEqualTo("listings-local")
        .isNotEqualTo(first.databasePassword("trading"))
        .isNotEqualTo(first.superuserPassword())
        .matches("[A-Za-z0-9_-]+");

    assertThat(first.serviceKeys("identity-service"))
        .containsOnlyKeys(
            "EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY", "EQUITOKEN_IDENTITY_SECRET_PEPPER");
    assertThat(first.serviceKeys("listings-service")).isEmpty();

    LocalSecrets again = LocalSecrets.loadOrCreate(dir, List.of("listings", "trading"));
    assertThat(again.serviceKeys("identity-service"))
        .isEqualTo(first.serviceKeys("identity-service"));
    assertThat(again.serviceKeys("compliance-service"))
        .isEqualTo(first.serviceKeys("compliance-service"));
    assertThat(again.databasePassword("listings")).isEqualTo(first.databasePassword("listings"));
    assertThat(again.superuserPassword()).isEqualTo(first.superuserPassword());
    assertThat(
            LocalSecrets.loadOrCreate(dir.resolve("other"), List.of("listings"))
                .superuserPassword())
        .as("another installation")
        .isNotEqualTo(first.superuserPassword());
  }

  @Test
  void shouldAddTheSecretOfADatabaseThatJoinedLaterWithoutChangingTheOthers() throws Exception {
    LocalSecrets first = LocalSecrets.loadOrCreate(dir, List.of("listings"));
    Files.setPosixFilePermissions(first.file(), PosixFilePermissions.fromString("rw-r--r--"));

    LocalSecrets later = LocalSecrets.loadOrCreate(dir, List.of("listings", "webhooks"));

    assertThat(later.databasePassword("listings")).isEqualTo(first.databasePassword("listings"));
    assertThat(later.databasePassword("webhooks")).isNotBlank();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(later.file())))
        .isEqualTo("rw-------");
    assertThatThrownBy(() -> later.databasePassword("nope"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shouldRefuseADataDirectoryFromBeforeLocalSecrets() throws Exception {
    Path base = dir.resolve("local");
    Files.createDirectories(base.resolve("postgres"));
    Files.writeString(base.resolve("postgres").resolve("postgresql.conf"), "# trust era\n");

    assertThatThrownBy(() -> start(base))
        .isInstanceOf(LaunchException.class)
        .hasMessageContaining("./equitoken clean");
    assertThat(base.resolve(LocalSecrets.FILE)).doesNotExist();
  }

  /** A .local whose webhook secrets were sealed under the old public key. */
  @Test
  void shouldRefuseADataDirectoryWhoseSecretsLackAServiceKeyInsteadOfAddingOne() throws Exception {
    Path base = dir.resolve("local");
    LocalSecrets.loadOrCreate(base, List.of("webhooks"));
    java.util.Properties older = new java.util.Properties();
    try (var in = Files.newBufferedReader(base.resolve(LocalSecrets.FILE))) {
      older.load(in);
    }
    older.remove("EQUITOKEN_WEBHOOKS_SECRET_KEY");
    try (var out = Files.newBufferedWriter(base.resolve(LocalSecrets.FILE))) {
      older.store(out, null);
    }
    Files.createDirectories(base.resolve("postgres"));
    Files.writeString(base.resolve("postgres").resolve("postgresql.conf"), "# older\n");

    assertThat(LocalSecrets.missingServiceKeys(base))
        .containsExactly("EQUITOKEN_WEBHOOKS_SECRET_KEY");
    assertThatThrownBy(() -> start(base))
        .isInstanceOf(LaunchException.class)
        .hasMessageContaining("EQUITOKEN_WEBHOOKS_SECRET_KEY")
        .hasMessageContaining("./equitoken clean");
    assertThat(LocalSecrets.missingServiceKeys(base))
        .as("nothing generated for the old data")
        .containsExactly("EQUITOKEN_WEBHOOKS_SECRET_KEY");
  }

  @Test
  void shouldGenerateTheWebhookSealingKey() {
    LocalSecrets secrets = LocalSecrets.loadOrCreate(dir, List.of("webhooks"));

    assertThat(
            java.util.Base64.getDecoder()
                .decode(
                    secrets.serviceKeys("webhook-service").get("EQUITOKEN_WEBHOOKS_SECRET_KEY")))
        .hasSize(32);
    assertThat(LocalSecrets.missingServiceKeys(dir)).isEmpty();
  }

  /** Starts PostgreSQL and Kafka only on {@code base} (refused before anything starts here). */
  private void start(Path base) {
    try (LocalPlatform platform =
        LocalPlatform.builder()
            .projectDir(dir)
            .baseDir(base)
            .portOffset(710)
            .infrastructureOnly()
            .output(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
            .build()) {
      platform.start();
    }
  }
}
