package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docs/adding-a-service.md's promised layout, checked on every domain service (parent
 * service-parent): integration tests under {@code <base package>.it}, the role matrix under {@code
 * web}, an {@code architecture.ArchitectureTest} on the shared {@code ArchitectureRules}, and an
 * {@code application.yml} that reads its port from {@code SERVER_PORT} and repeats none of the
 * platform's defaults. All drift is reported together; the few exceptions are listed here with
 * their reason.
 */
class ServiceTemplateTest {

  static final Path ROOT = RepositoryRoot.get();
  static final Conventions CONVENTIONS = Conventions.read(ROOT);

  /** What one service may still do differently, by module, as "check: detail". */
  static final Map<String, Set<String>> EXCEPTIONS = Map.of();

  private static final Pattern BASE_PACKAGE = Pattern.compile("`(io\\.equitoken\\.[a-z.]+)`");

  /** The domain services of the root POM with their base package from docs/conventions.md. */
  static Map<String, String> domainServices() throws IOException {
    List<String> table = Files.readAllLines(ROOT.resolve("docs/conventions.md"));
    Map<String, String> services = new LinkedHashMap<>();
    for (String module : ServiceRegistrationTest.serviceModules()) {
      if (!ServiceRegistrationTest.domainService(module)) {
        continue;
      }
      String row =
          table.stream()
              .filter(line -> line.startsWith("| `" + module + "` |"))
              .findFirst()
              .orElseThrow(() -> new AssertionError(module + " has no row in docs/conventions.md"));
      String[] cells = row.split("\\|");
      Matcher base = BASE_PACKAGE.matcher(cells[cells.length - 1]);
      assertThat(base.find()).as(module + "'s base package in docs/conventions.md").isTrue();
      services.put(module, base.group(1));
    }
    return services;
  }

  @Test
  void shouldFindEveryDomainServiceWithItsBasePackage() throws IOException {
    assertThat(domainServices())
        .containsEntry("listings-service", "io.equitoken.listings")
        .containsEntry("webhook-service", "io.equitoken.webhooks")
        .containsEntry("trading-service", "io.equitoken.trading.service")
        .doesNotContainKey("gateway");
  }

  @Test
  void shouldKeepEveryServiceOnThePromisedLayout() throws IOException {
    List<String> drift = new ArrayList<>();
    for (Map.Entry<String, String> service : domainServices().entrySet()) {
      String module = service.getKey();
      Path tests = ROOT.resolve(module).resolve("src/test/java").resolve(path(service.getValue()));
      Path main = ROOT.resolve(module).resolve("src/main/java").resolve(path(service.getValue()));
      List<String> found = new ArrayList<>();
      integrationTestsOutsideIt(tests, found);
      testsInIt(tests, found);
      roleMatrixInWeb(module, main, found);
      architectureTest(tests, service.getValue(), found);
      platformDefaultsRepeated(module, found);
      portFromEnvironment(module, found);
      Set<String> allowed = EXCEPTIONS.getOrDefault(module, Set.of());
      found.stream().filter(f -> !allowed.contains(f)).forEach(f -> drift.add(module + ": " + f));
    }
    assertThat(drift).as("see docs/adding-a-service.md").isEmpty();
  }

  @Test
  void shouldNotKeepExceptionsThatNoLongerHappen() throws IOException {
    List<String> stale = new ArrayList<>();
    Map<String, String> services = domainServices();
    for (Map.Entry<String, Set<String>> exception : EXCEPTIONS.entrySet()) {
      String module = exception.getKey();
      String base = services.get(module);
      assertThat(base).as(module + " is a domain service").isNotNull();
      Path tests = ROOT.resolve(module).resolve("src/test/java").resolve(path(base));
      Path main = ROOT.resolve(module).resolve("src/main/java").resolve(path(base));
      List<String> found = new ArrayList<>();
      integrationTestsOutsideIt(tests, found);
      testsInIt(tests, found);
      roleMatrixInWeb(module, main, found);
      architectureTest(tests, base, found);
      platformDefaultsRepeated(module, found);
      portFromEnvironment(module, found);
      exception.getValue().stream()
          .filter(e -> !found.contains(e))
          .forEach(e -> stale.add(module + ": " + e));
    }
    assertThat(stale).as("remove these from ServiceTemplateTest.EXCEPTIONS").isEmpty();
  }

  /** docs/adding-a-service.md, "Tests": every {@code *IT} under {@code …/it/}. */
  static void integrationTestsOutsideIt(Path tests, List<String> found) throws IOException {
    for (Path file : javaFiles(tests)) {
      String relative = tests.relativize(file).toString().replace('\\', '/');
      if (relative.endsWith("IT.java") && !relative.startsWith("it/")) {
        found.add("integration test outside it/: " + relative);
      }
    }
  }

  /** The role-matrix, input-fuzz and revoked-key ITs every service has. */
  static void testsInIt(Path tests, List<String> found) {
    for (String it : List.of("RoleMatrixIT.java", "InputFuzzIT.java", "RevokedApiKeyIT.java")) {
      if (!Files.isRegularFile(tests.resolve("it").resolve(it))) {
        found.add("missing it/" + it);
      }
    }
  }

  /** One {@code RoleMatrix} bean, in {@code web/<Service>RoleMatrix}. */
  static void roleMatrixInWeb(String module, Path main, List<String> found) throws IOException {
    if (!ServiceRegistrationTest.servesAnApi(module)) {
      return;
    }
    for (Path file : javaFiles(main)) {
      String relative = main.relativize(file).toString().replace('\\', '/');
      if (Files.readString(file).contains("RoleMatrix.builder()")
          && !relative.matches("web/[A-Z][A-Za-z]*RoleMatrix\\.java")) {
        found.add("role matrix outside web/: " + relative);
      }
    }
  }

  /** {@code architecture/ArchitectureTest} on {@code ArchitectureRules.forService(<base>)}. */
  static void architectureTest(Path tests, String base, List<String> found) throws IOException {
    Path test = tests.resolve("architecture/ArchitectureTest.java");
    if (!Files.isRegularFile(test)) {
      found.add("missing architecture/ArchitectureTest.java");
      return;
    }
    String source = Files.readString(test);
    boolean shared =
        source.contains("ArchitectureRules.forService(\"" + base + "\")")
            && source.contains("RULES.serviceBoundary()")
            && source.contains("RULES.featuresFreeOfAdapters()")
            && source.contains("RULES.adaptersIndependentOfConfiguration()");
    if (!shared) {
      found.add("architecture test without the shared rules");
    }
  }

  /**
   * {@code server.port} is {@code ${SERVER_PORT:<port>}}, the port docs/conventions.md reserves, so
   * every launcher sets it the same way.
   */
  static void portFromEnvironment(String module, List<String> found) throws IOException {
    Path yml = ROOT.resolve(module).resolve("src/main/resources/application.yml");
    Integer port = CONVENTIONS.module(module).map(Conventions.Module::port).orElse(null);
    String expected = "${SERVER_PORT:" + port + "}";
    String actual =
        Files.isRegularFile(yml) ? flatten(yml).getOrDefault("server.port", "none") : "none";
    if (!expected.equals(actual)) {
      found.add("server.port not " + expected + ": " + actual);
    }
  }

  /**
   * A setting of the service's {@code application.yml} with the value platform-web's {@code
   * equitoken-defaults.yml} already gives it ({@code ${VARIABLE:value}} compared by its value).
   */
  static void platformDefaultsRepeated(String module, List<String> found) throws IOException {
    Map<String, String> defaults =
        flatten(ROOT.resolve("platform/platform-web/src/main/resources/equitoken-defaults.yml"));
    Path yml = ROOT.resolve(module).resolve("src/main/resources/application.yml");
    if (!Files.isRegularFile(yml)) {
      return;
    }
    for (Map.Entry<String, String> setting : flatten(yml).entrySet()) {
      String platform = defaults.get(setting.getKey());
      if (platform != null && valueOf(platform).equals(valueOf(setting.getValue()))) {
        found.add("platform default repeated: " + setting.getKey());
      }
    }
  }

  private static String valueOf(String setting) {
    Matcher placeholder = Pattern.compile("^\\$\\{[A-Z0-9_]+:(.*)}$").matcher(setting);
    return placeholder.matches() ? placeholder.group(1) : setting;
  }

  static Map<String, String> flatten(Path yml) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    Object document = new Yaml().load(Files.readString(yml));
    flatten("", document, settings);
    return settings;
  }

  private static void flatten(String prefix, Object node, Map<String, String> settings) {
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String key = String.valueOf(entry.getKey());
        flatten(prefix.isEmpty() ? key : prefix + "." + key, entry.getValue(), settings);
      }
    } else if (node != null) {
      settings.put(prefix, String.valueOf(node));
    }
  }

  private static List<Path> javaFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
  }

  private static Path path(String basePackage) {
    return Path.of(basePackage.replace('.', '/'));
  }
}
