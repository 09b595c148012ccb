package io.equitoken.compliance;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Investor verification: KYC submissions, officer reviews, status and the events that gate trading.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ComplianceServiceApplication {

  public static void main(String[] args) {
    SpringApplication.run(ComplianceServiceApplication.class, args);
  }
}
