package io.equitoken.trading.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The matching core stays plain Java, and its two implementations stay independent. */
class EngineArchitectureTest {
  private static final JavaClasses ENGINE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.trading.engine");

  @Test
  void shouldDependOnNothingButTheJdk() {
    classes()
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "io.equitoken.trading.engine..")
        .check(ENGINE);
  }

  @Test
  void shouldKeepTheApiFreeOfEitherImplementation() {
    noClasses()
        .that()
        .resideInAPackage("io.equitoken.trading.engine")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("..engine.fast..", "..engine.reference..")
        .check(ENGINE);
  }

  @Test
  void shouldKeepFastAndReferenceEnginesIndependent() {
    noClasses()
        .that()
        .resideInAPackage("..engine.fast..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("..engine.reference..")
        .check(ENGINE);
    noClasses()
        .that()
        .resideInAPackage("..engine.reference..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("..engine.fast..")
        .check(ENGINE);
  }
}
