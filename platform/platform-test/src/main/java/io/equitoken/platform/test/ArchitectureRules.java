package io.equitoken.platform.test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The generic architecture rules every service follows (ArchUnit). Each rule answers its {@link
 * EvaluationResult} on the service's classes, and the service's {@code ArchitectureTest} asserts
 * that its failure report has no details, so that a breach fails the test with every violation
 * listed:
 *
 * <pre>{@code
 * class ArchitectureTest {
 *   static final ArchitectureRules RULES =
 *       ArchitectureRules.forService("io.equitoken.listings")
 *           .features("listing", "token", "market")
 *           .adapters("web", "messaging", "persistence", "config");
 *   @Test void shouldNotImportAnyOtherServicesCode() {
 *     assertThat(RULES.serviceBoundary().getFailureReport().getDetails()).isEmpty();
 *   }
 *   @Test void shouldKeepFeaturePackagesFreeOfAdaptersAndFrameworks() {
 *     assertThat(RULES.featuresFreeOfAdapters().getFailureReport().getDetails()).isEmpty();
 *   }
 *   @Test void shouldKeepAdaptersFromDependingOnConfiguration() {
 *     assertThat(RULES.adaptersIndependentOfConfiguration().getFailureReport().getDetails())
 *         .isEmpty();
 *   }
 * }
 * }</pre>
 *
 * A service's own rules are evaluated the same way, with {@link #evaluate(ArchRule)}.
 *
 * <ul>
 *   <li><b>Service boundary</b>: the service's classes use only its own package, {@code
 *       io.equitoken.platform..} and third-party libraries — never another service's code ({@link
 *       #alsoAllowing} names an Equitoken library such as {@code io.equitoken.trading.engine}).
 *   <li><b>Features free of adapters</b>: feature (domain) packages depend on no adapter package of
 *       the service and on no framework: not Spring, R2DBC, Kafka, Jackson, Jakarta
 *       persistence/validation/servlet, nor platform-web/platform-events — only the JDK, Reactor,
 *       {@code io.equitoken.platform.core} and plain libraries.
 *   <li><b>Adapters do not depend on the configuration package</b> (configuration wires adapters).
 * </ul>
 */
public final class ArchitectureRules {

  /** Packages a feature (domain) package must never depend on. */
  public static final List<String> FRAMEWORK_PACKAGES =
      List.of(
          "org.springframework..",
          "io.r2dbc..",
          "org.apache.kafka..",
          "tools.jackson..",
          "com.fasterxml.jackson..",
          "jakarta.persistence..",
          "jakarta.validation..",
          "jakarta.servlet..",
          "io.netty..",
          "io.equitoken.platform.web..",
          "io.equitoken.platform.events..",
          "io.equitoken.platform.test..");

  private final String servicePackage;
  private final List<String> features = new ArrayList<>();
  private final List<String> adapters = new ArrayList<>();
  private final List<String> allowedEquitokenPackages = new ArrayList<>();
  private final List<String> featureLibraries = new ArrayList<>();
  private final List<String> featureForbidden = new ArrayList<>();
  private String configurationPackage = "config";
  private JavaClasses classes;

  private ArchitectureRules(String servicePackage) {
    this.servicePackage = servicePackage;
  }

  /** Rules for the service rooted at {@code servicePackage}, e.g. {@code io.equitoken.listings}. */
  public static ArchitectureRules forService(String servicePackage) {
    return new ArchitectureRules(servicePackage);
  }

  /** The feature (domain) packages, relative to the service package (e.g. {@code "listing"}). */
  public ArchitectureRules features(String... relative) {
    features.addAll(Arrays.asList(relative));
    return this;
  }

  /** The adapter packages, relative (e.g. {@code "web", "messaging", "persistence", "config"}). */
  public ArchitectureRules adapters(String... relative) {
    adapters.addAll(Arrays.asList(relative));
    return this;
  }

  /** The package that wires adapters (default {@code config}). */
  public ArchitectureRules configurationPackage(String relative) {
    this.configurationPackage = relative;
    return this;
  }

  /** Another Equitoken package the service may use (a library, e.g. the trading engine). */
  public ArchitectureRules alsoAllowing(String... packages) {
    allowedEquitokenPackages.addAll(Arrays.asList(packages));
    return this;
  }

  /**
   * Framework packages of {@link #FRAMEWORK_PACKAGES} the service's features may use all the same,
   * with the reason in the service's test (webhook-service: JSON trees, since webhook bodies are
   * JSON by definition).
   */
  public ArchitectureRules featuresMayUse(String... packages) {
    for (String p : packages) {
      if (!FRAMEWORK_PACKAGES.contains(p)) {
        throw new IllegalArgumentException(p + " is not one of FRAMEWORK_PACKAGES");
      }
      featureLibraries.add(p);
    }
    return this;
  }

  /** Further packages the service's features must not use (e.g. its HTTP client library). */
  public ArchitectureRules featuresMustNotUse(String... packages) {
    featureForbidden.addAll(Arrays.asList(packages));
    return this;
  }

  /** The service's production classes (tests excluded), imported once. */
  public synchronized JavaClasses classes() {
    if (classes == null) {
      classes =
          new ClassFileImporter()
              .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
              .importPackages(servicePackage);
    }
    return classes;
  }

  /**
   * Evaluates {@code rule} (a service's own) on the service's classes: its failure report lists
   * every violation, none when the rule holds.
   */
  public EvaluationResult evaluate(ArchRule rule) {
    return rule.evaluate(classes());
  }

  /** The service boundary on the service's classes (see the class comment). */
  public EvaluationResult serviceBoundary() {
    return evaluate(serviceBoundaryRule());
  }

  /** Features free of adapters and frameworks on the service's classes (see the class comment). */
  public EvaluationResult featuresFreeOfAdapters() {
    return evaluate(featuresFreeOfAdaptersRule());
  }

  /** Adapters independent of the configuration package on the service's classes. */
  public EvaluationResult adaptersIndependentOfConfiguration() {
    return evaluate(adaptersIndependentOfConfigurationRule());
  }

  private ArchRule serviceBoundaryRule() {
    List<String> own = new ArrayList<>();
    own.add(servicePackage);
    own.add("io.equitoken.platform");
    own.addAll(allowedEquitokenPackages);
    DescribedPredicate<JavaClass> foreignEquitoken =
        DescribedPredicate.describe(
            "belong to another Equitoken service",
            c ->
                c.getPackageName().startsWith("io.equitoken")
                    && own.stream()
                        .noneMatch(
                            p ->
                                c.getPackageName().equals(p)
                                    || c.getPackageName().startsWith(p + ".")));
    return noClasses()
        .that()
        .resideInAPackage(servicePackage + "..")
        .should()
        .dependOnClassesThat(foreignEquitoken)
        .because("services talk only through Kafka topics and contracts (docs/architecture.md)");
  }

  private ArchRule featuresFreeOfAdaptersRule() {
    if (features.isEmpty()) {
      throw new IllegalStateException("name the feature packages with features(...)");
    }
    List<String> forbidden = new ArrayList<>(FRAMEWORK_PACKAGES);
    forbidden.removeAll(featureLibraries);
    forbidden.addAll(featureForbidden);
    for (String adapter : adapters) {
      forbidden.add(servicePackage + "." + adapter + "..");
    }
    return noClasses()
        .that()
        .resideInAnyPackage(packages(features))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(forbidden.toArray(String[]::new))
        .because("the domain decides and adapters translate (docs/conventions.md)");
  }

  private ArchRule adaptersIndependentOfConfigurationRule() {
    List<String> nonConfig =
        adapters.stream().filter(a -> !a.equals(configurationPackage)).toList();
    if (nonConfig.isEmpty()) {
      throw new IllegalStateException("name the adapter packages with adapters(...)");
    }
    return noClasses()
        .that()
        .resideInAnyPackage(packages(nonConfig))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(servicePackage + "." + configurationPackage + "..")
        .because("configuration wires adapters, not the other way round");
  }

  private String[] packages(List<String> relative) {
    return relative.stream().map(p -> servicePackage + "." + p + "..").toArray(String[]::new);
  }
}
