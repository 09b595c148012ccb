package io.equitoken.trading.matcher;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.equitoken.platform.events.TimeOrderedIds;
import org.junit.jupiter.api.Test;

/**
 * The matcher is a plain library: no framework anywhere, a pure core ({@code core}: commands,
 * admission, translation, positions) apart from its Kafka adapter ({@code kafka}), and only
 * EngineFactory picks an engine. The build's enforcer rule keeps the classpath as free as the code.
 */
class MatcherArchitectureTest {

  private static final JavaClasses MATCHER =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.trading.matcher");

  @Test
  void shouldNotDependOnSpringReactorR2dbcOrFlyway() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.springframework..", "reactor..", "io.r2dbc..", "org.flywaydb..")
        .check(MATCHER);
  }

  /**
   * The core's one use of the platform is {@link TimeOrderedIds}, which needs nothing beyond the
   * JDK: the matcher's event and trade ids are made the way every id of the platform is.
   */
  @Test
  void shouldKeepTheCoreFreeOfKafkaAndTheAdapter() {
    noClasses()
        .that()
        .resideInAPackage("io.equitoken.trading.matcher.core..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage(
                    "io.equitoken.trading.matcher.kafka..",
                    "org.apache.kafka..",
                    "io.equitoken.platform..")
                .and(not(equivalentTo(TimeOrderedIds.class))))
        .check(MATCHER);
  }

  @Test
  void shouldMakeIdsWithTheJdkAlone() {
    noClasses()
        .that()
        .belongToAnyOf(TimeOrderedIds.class)
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages("java..", "io.equitoken.platform.events")
        .check(new ClassFileImporter().importClasses(TimeOrderedIds.class));
  }

  @Test
  void shouldHaveOnlyTheCoreAndTheAdapter() {
    noClasses()
        .should()
        .resideOutsideOfPackages(
            "io.equitoken.trading.matcher.core", "io.equitoken.trading.matcher.kafka")
        .check(MATCHER);
  }

  @Test
  void shouldPickEngineImplementationsOnlyInEngineFactory() {
    noClasses()
        .that()
        .haveNameNotMatching("io\\.equitoken\\.trading\\.matcher\\.core\\.EngineFactory.*")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.trading.engine.fast..", "io.equitoken.trading.engine.reference..")
        .check(MATCHER);
  }
}
