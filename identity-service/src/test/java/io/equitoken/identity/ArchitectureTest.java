package io.equitoken.identity;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.equitoken.identity.apikey.SecretHash;
import io.equitoken.identity.apikey.SecretHasher;
import java.security.MessageDigest;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.identity");

  private static final String[] FEATURES = {
    "io.equitoken.identity.apikey..",
    "io.equitoken.identity.token..",
    "io.equitoken.identity.signing..",
    "io.equitoken.identity.bootstrap.."
  };

  @Test
  void featurePackagesShouldNotDependOnAdapters() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAnyPackage(FEATURES)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.equitoken.identity.web..",
                "io.equitoken.identity.messaging..",
                "io.equitoken.identity.persistence..",
                "io.equitoken.identity.config..",
                "io.equitoken.platform.web..",
                "io.equitoken.platform.events..",
                "org.springframework.web..",
                "org.springframework.http..",
                "org.springframework.kafka..",
                "org.apache.kafka..",
                "org.springframework.r2dbc..",
                "org.springframework.data..",
                "io.r2dbc..",
                "jakarta.validation..",
                "tools.jackson..");
    rule.check(CLASSES);
  }

  @Test
  void shouldImportNoOtherServicesCode() {
    io.equitoken.platform.test.ArchitectureRules.forService("io.equitoken.identity")
        .checkServiceBoundary();
  }

  @Test
  void shouldCompareSecretHashesOnlyInConstantTime() {
    // the one comparison of hashes uses MessageDigest.isEqual ...
    assertThat(
            CLASSES
                .get(SecretHash.class)
                .getMethod("matches", SecretHash.class)
                .getMethodCallsFromSelf()
                .stream()
                .map(call -> call.getTarget().getFullName()))
        .contains(MessageDigest.class.getName() + ".isEqual([B, [B)");
    assertThat(
            CLASSES
                .get(SecretHasher.class)
                .getMethod("matches", String.class, SecretHash.class)
                .getMethodCallsFromSelf()
                .stream()
                .map(call -> call.getTarget().getName()))
        .contains("matches");
    // ... and nothing compares byte arrays in a way that stops at the first difference
    noClasses()
        .should()
        .callMethod(Arrays.class, "equals", byte[].class, byte[].class)
        .check(CLASSES);
  }

  @Test
  void shouldKeepControllersAwayFromPersistence() {
    noClasses()
        .that()
        .resideInAPackage("io.equitoken.identity.web..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.equitoken.identity.persistence..", "org.springframework.r2dbc..")
        .check(CLASSES);
  }
}
