package io.equitoken.identity.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.lang.ArchRule;
import io.equitoken.identity.apikey.SecretHash;
import io.equitoken.identity.apikey.SecretHasher;
import io.equitoken.platform.test.ArchitectureRules;
import java.security.MessageDigest;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The architecture as rules: the platform's generic set (features free of adapters and frameworks,
 * no other service's code, adapters independent of configuration) plus identity's own.
 */
class ArchitectureTest {

  static final ArchitectureRules RULES =
      ArchitectureRules.forService("io.equitoken.identity")
          .features("apikey", "token", "signing", "bootstrap")
          .adapters("web", "messaging", "persistence", "config");

  @Test
  void shouldKeepFeaturePackagesFreeOfAdaptersAndFrameworks() {
    assertThat(RULES.featuresFreeOfAdapters().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    assertThat(RULES.serviceBoundary().getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepAdaptersFromDependingOnEachOther() {
    assertThat(RULES.adaptersIndependentOfConfiguration().getFailureReport().getDetails())
        .isEmpty();
  }

  @Test
  void shouldCompareSecretHashesOnlyInConstantTime() {
    // the one comparison of hashes uses MessageDigest.isEqual ...
    assertThat(
            RULES
                .classes()
                .get(SecretHash.class)
                .getMethod("matches", SecretHash.class)
                .getMethodCallsFromSelf()
                .stream()
                .map(call -> call.getTarget().getFullName()))
        .contains(MessageDigest.class.getName() + ".isEqual([B, [B)");
    assertThat(
            RULES
                .classes()
                .get(SecretHasher.class)
                .getMethod("matches", String.class, SecretHash.class)
                .getMethodCallsFromSelf()
                .stream()
                .map(call -> call.getTarget().getName()))
        .contains("matches");
    // ... and nothing compares byte arrays in a way that stops at the first difference
    ArchRule rule =
        noClasses().should().callMethod(Arrays.class, "equals", byte[].class, byte[].class);
    assertThat(RULES.evaluate(rule).getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void shouldKeepControllersAwayFromPersistence() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage("io.equitoken.identity.web..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.equitoken.identity.persistence..", "org.springframework.r2dbc..");
    assertThat(RULES.evaluate(rule).getFailureReport().getDetails()).isEmpty();
  }
}
