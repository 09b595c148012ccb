package io.equitoken.compliance.web;

import static org.springframework.http.HttpMethod.GET;
import static org.springframework.http.HttpMethod.POST;

import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The single place that says who may call what in compliance-service. Investors reach only their
 * own material (the controllers use the token's {@code sub}); reviewing is for compliance officers
 * and operators; decrypted documents are for compliance officers only (need to know); partners and
 * founders have no access at all.
 */
@Configuration(proxyBeanMethods = false)
public class ComplianceRoleMatrix {

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .allow(POST, "/compliance/kyc", Roles.INVESTOR)
        .allow(GET, "/compliance/status", Roles.INVESTOR)
        .allow(GET, "/compliance/reviews", Roles.COMPLIANCE_OFFICER, Roles.OPERATOR)
        .allow(
            GET,
            "/compliance/reviews/{submissionId}/documents/{documentId}",
            Roles.COMPLIANCE_OFFICER)
        .allow(GET, "/compliance/reviews/{submissionId}", Roles.COMPLIANCE_OFFICER, Roles.OPERATOR)
        .allow(
            POST,
            "/compliance/reviews/{submissionId}/decision",
            Roles.COMPLIANCE_OFFICER,
            Roles.OPERATOR)
        .build();
  }
}
