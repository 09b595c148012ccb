package io.equitoken.gateway;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class ArchitectureTest {

  private static final JavaClasses GATEWAY =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.equitoken.gateway");

  private static final String[] FEATURES = {
    "io.equitoken.gateway.routing..",
    "io.equitoken.gateway.ratelimit..",
    "io.equitoken.gateway.headers..",
    "io.equitoken.gateway.tls.."
  };

  @Test
  void shouldKeepFeaturePackagesFreeOfSpringWebMessagingAndPersistence() {
    noClasses()
        .that()
        .resideInAnyPackage(FEATURES)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.springframework..",
            "reactor..",
            "io.netty..",
            "org.apache.kafka..",
            "io.r2dbc..",
            "io.equitoken.gateway.web..",
            "io.equitoken.gateway.config..")
        .check(GATEWAY);
  }

  @Test
  void shouldNotImportAnyOtherServicesCode() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.equitoken.identity..",
            "io.equitoken.listings..",
            "io.equitoken.portfolio..",
            "io.equitoken.trading..",
            "io.equitoken.compliance..",
            "io.equitoken.webhooks..",
            "io.equitoken.local..")
        .check(GATEWAY);
  }
}
