package io.equitoken.local;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * Secrets of one local installation, generated at its first start and kept in {@code
 * <baseDir>/secrets.properties} (mode 0600, under the git-ignored {@code .local/}): the PostgreSQL
 * superuser's and every service role's password. An entry missing from an existing file (a service
 * that joined later) is added; existing entries never change, since data is sealed with them.
 */
public final class LocalSecrets {

  static final String FILE = "secrets.properties";
  static final String SUPERUSER = "postgres.superuser.password";

  /**
   * Per-module server-side keys (base64 of 32 random bytes), named by the environment variable that
   * carries them to the module.
   */
  static final Map<String, List<String>> SERVICE_KEYS =
      Map.of(
          Services.IDENTITY,
          List.of("EQUITOKEN_IDENTITY_KEY_ENCRYPTION_KEY", "EQUITOKEN_IDENTITY_SECRET_PEPPER"),
          "compliance-service",
          List.of("EQUITOKEN_COMPLIANCE_DOCUMENT_KEY"),
          "webhook-service",
          List.of("EQUITOKEN_WEBHOOKS_SECRET_KEY"));

  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Path file;
  private final Map<String, String> values;

  private LocalSecrets(Path file, Map<String, String> values) {
    this.file = file;
    this.values = Map.copyOf(values);
  }

  /** Whether this base dir has its secrets file already. */
  public static boolean exist(Path baseDir) {
    return Files.isRegularFile(baseDir.resolve(FILE));
  }

  /**
   * The service keys an existing secrets file lacks (none when there is no file yet). Data a
   * service wrote before its key was generated here is sealed under a key that no longer exists, so
   * such an installation cannot simply get a new key.
   */
  public static List<String> missingServiceKeys(Path baseDir) {
    Path file = baseDir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    Properties stored = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      stored.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read " + file + ": " + e.getMessage(), e);
    }
    return SERVICE_KEYS.values().stream()
        .flatMap(List::stream)
        .filter(key -> stored.getProperty(key) == null)
        .sorted()
        .toList();
  }

  /** Reads the base dir's secrets, generating (and storing) every one that is missing. */
  public static LocalSecrets loadOrCreate(Path baseDir, List<String> databases) {
    Path file = baseDir.resolve(FILE);
    try {
      Files.createDirectories(baseDir);
      Map<String, String> values = new TreeMap<>();
      if (Files.isRegularFile(file)) {
        Properties stored = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
          stored.load(in);
        }
        stored.stringPropertyNames().forEach(name -> values.put(name, stored.getProperty(name)));
      }
      boolean changed = values.putIfAbsent(SUPERUSER, password()) == null;
      for (String db : databases) {
        changed |= values.putIfAbsent(databaseKey(db), password()) == null;
      }
      for (List<String> keys : SERVICE_KEYS.values()) {
        for (String key : keys) {
          changed |= values.putIfAbsent(key, key()) == null;
        }
      }
      if (changed) {
        write(file, values);
      } else if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
        Files.setPosixFilePermissions(file, OWNER_ONLY);
      }
      return new LocalSecrets(file, values);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read or write " + file + ": " + e.getMessage(), e);
    }
  }

  public Path file() {
    return file;
  }

  public String superuserPassword() {
    return require(SUPERUSER);
  }

  /** Password of a service's login role. */
  public String databasePassword(String database) {
    return require(databaseKey(database));
  }

  /** Environment entries of the module's own keys (none for most modules). */
  public Map<String, String> serviceKeys(String module) {
    Map<String, String> env = new TreeMap<>();
    SERVICE_KEYS.getOrDefault(module, List.of()).forEach(key -> env.put(key, require(key)));
    return env;
  }

  private String require(String name) {
    String value = values.get(name);
    if (value == null) {
      throw new IllegalStateException("no local secret " + name + " in " + file);
    }
    return value;
  }

  private static String databaseKey(String database) {
    return "postgres." + database + ".password";
  }

  /** 24 random bytes as URL-safe base64: no quote, no space, no shell metacharacter. */
  private static String password() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** 32 random bytes as standard base64, the form the services' key settings take. */
  private static String key() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /** Written to a 0600 file next to the target, then moved over it: never readable by others. */
  private static void write(Path file, Map<String, String> values) throws IOException {
    Path temp =
        Files.createTempFile(
            file.getParent(), FILE, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    try {
      Properties properties = new Properties();
      properties.putAll(values);
      try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
        properties.store(
            out,
            " Secrets of this local installation, generated by ./equitoken up. Keep private;"
                + " ./equitoken clean deletes them with the data they protect.");
      }
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * Refuses a base dir whose data predates per-installation secrets, or this installation's keys
   * for some service: what it stored is sealed under, or trusts, keys that are public constants.
   *
   * @throws LaunchException naming what to delete
   */
  static void refuseDataFromBefore(Path baseDir) {
    if (!PostgresNode.initialised(baseDir.resolve("postgres"))) {
      return;
    }
    if (!exist(baseDir)) {
      throw new LaunchException(
          baseDir
              + " holds data from before per-installation secrets (its PostgreSQL trusts every"
              + " login and its keys are public constants): delete it with ./equitoken clean"
              + " (or rm -rf "
              + baseDir
              + ") and start again",
          null,
          List.of());
    }
    List<String> missingKeys = missingServiceKeys(baseDir);
    if (!missingKeys.isEmpty()) {
      throw new LaunchException(
          baseDir
              + " holds data from before this installation had its own "
              + String.join(", ", missingKeys)
              + " (what the service stored is sealed under a public key that no longer exists):"
              + " delete it with ./equitoken clean (or rm -rf "
              + baseDir
              + ") and start again",
          null,
          List.of());
    }
  }
}
