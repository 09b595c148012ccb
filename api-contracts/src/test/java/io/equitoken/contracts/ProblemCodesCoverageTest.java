package io.equitoken.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every problem {@code code} a module's sources can answer is declared in the contract, with its
 * status and extra members: a service's codes in the {@code x-problem-codes} of {@code
 * contracts/openapi/<module>.yaml} (or, when every service shares it, of {@code
 * components/common.yaml}), the platform's and the gateway's in {@code components/common.yaml}. A
 * new refusal without its contract entry fails here, naming the code, status, file and line.
 */
class ProblemCodesCoverageTest {

  private static final Path ROOT = Path.of("..");
  private static final Path OPENAPI = ROOT.resolve("contracts/openapi");

  /** Codes found by the scanner that are not answers: each with its reason. */
  static final Map<String, String> NOT_ANSWERED =
      Map.of(
          "none",
          "trading-service Gates' sentinel for 'no gate refuses'; it is compared, never thrown");

  /**
   * Calls whose code is computed on purpose: platform-web answers a framework status it has no code
   * for with the status's reason phrase in kebab case ({@code method-not-allowed}, …); those are
   * declared by hand in components/common.yaml.
   */
  static final List<String> GENERIC = List.of("(code.value(), slug,");

  /** The members the shared {@code Problem} schema declares for every code. */
  static final Set<String> STANDARD_MEMBERS =
      Set.of(
          "type",
          "title",
          "status",
          "detail",
          "instance",
          "code",
          "requestId",
          "field",
          "allowed",
          "errors");

  @Test
  void shouldDeclareEveryCodeTheSourcesCanAnswer() throws IOException {
    List<String> missing = new ArrayList<>();
    List<String> unresolved = new ArrayList<>();
    Map<String, ProblemCodes.Declared> common = catalogue(OPENAPI.resolve(OpenApiBundler.COMMON));
    int found = 0;
    for (var module : modules().entrySet()) {
      Path contract = module.getValue();
      Map<String, ProblemCodes.Declared> own = contract == null ? Map.of() : catalogue(contract);
      ProblemCodeScanner.Scan scan =
          ProblemCodeScanner.scan(
              module.getKey(), ROOT.resolve(module.getKey()).resolve("src/main/java"));
      scan.unresolved().stream()
          .filter(u -> !GENERIC.stream().anyMatch(g -> u.call().contains(g)))
          .forEach(
              u ->
                  unresolved.add(
                      u.module() + " " + u.where() + ": cannot read the code of " + u.call()));
      for (ProblemCodeScanner.Emitted e : scan.emitted()) {
        if (NOT_ANSWERED.containsKey(e.code())) {
          continue;
        }
        found++;
        ProblemCodes.Declared declared = own.getOrDefault(e.code(), common.get(e.code()));
        String file =
            contract == null || !own.containsKey(e.code()) && common.containsKey(e.code())
                ? "components/common.yaml"
                : contract.getFileName().toString();
        if (declared == null) {
          missing.add(
              e.module()
                  + " answers '"
                  + e.code()
                  + "'"
                  + (e.status() == 0 ? "" : " (" + e.status() + ")")
                  + " at "
                  + e.where()
                  + ", but neither "
                  + (contract == null ? "" : contract.getFileName() + " nor ")
                  + "components/common.yaml declares it under x-problem-codes");
          continue;
        }
        if (e.status() != 0 && !declared.statuses().contains(e.status())) {
          missing.add(
              e.module()
                  + " answers '"
                  + e.code()
                  + "' with "
                  + e.status()
                  + " at "
                  + e.where()
                  + ", but "
                  + file
                  + " declares "
                  + declared.statuses());
        }
        Set<String> undeclared = new TreeSet<>(e.members());
        undeclared.removeAll(declared.members().keySet());
        undeclared.removeAll(STANDARD_MEMBERS);
        if (!undeclared.isEmpty()) {
          missing.add(
              e.module()
                  + " answers '"
                  + e.code()
                  + "' with the members "
                  + undeclared
                  + " at "
                  + e.where()
                  + ", but "
                  + file
                  + " does not declare them under its members");
        }
      }
    }
    assertThat(found).as("codes found in the sources").isGreaterThan(50);
    assertThat(unresolved)
        .as("refusals whose code the scanner cannot read (use a string literal)")
        .isEmpty();
    assertThat(missing).as("problem codes missing from contracts/openapi").isEmpty();
  }

  /** Every module with main sources, and its contract file (none: the shared components). */
  static Map<String, Path> modules() throws IOException {
    Map<String, Path> modules = new LinkedHashMap<>();
    try (Stream<Path> dirs = Files.list(ROOT)) {
      for (Path dir : dirs.sorted().toList()) {
        String name = dir.getFileName().toString();
        Path contract = OPENAPI.resolve(name + ".yaml");
        if (Files.exists(contract)) {
          modules.put(name, contract);
        } else if (name.equals("gateway")) {
          modules.put(name, null);
        }
      }
    }
    try (Stream<Path> dirs = Files.list(ROOT.resolve("platform"))) {
      dirs.sorted()
          .filter(d -> Files.isDirectory(d.resolve("src/main/java")))
          .forEach(d -> modules.put("platform/" + d.getFileName(), null));
    }
    return modules;
  }

  static Map<String, ProblemCodes.Declared> catalogue(Path file) throws IOException {
    Map<String, Object> doc = OpenApiBundler.yaml().load(Files.readString(file));
    List<String> errors = new ArrayList<>();
    Map<String, ProblemCodes.Declared> declared =
        ProblemCodes.catalogue(file.getFileName().toString(), doc, errors);
    assertThat(errors).as(file + " x-problem-codes").isEmpty();
    return declared;
  }
}
