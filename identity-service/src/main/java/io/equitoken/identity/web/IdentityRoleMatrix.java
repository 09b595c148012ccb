package io.equitoken.identity.web;

import io.equitoken.platform.web.RoleMatrix;
import io.equitoken.platform.web.Roles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * identity-service's role → endpoint matrix: the one place it is written down (the platform
 * enforces it; RoleMatrixIT tests every cell). Object-level rules — non-operators act only on their
 * own principal and roles — are decided by the domain (ApiKeyPolicy).
 */
@Configuration(proxyBeanMethods = false)
class IdentityRoleMatrix {

  static final String API_KEY = "/developer/api-key";
  static final String API_KEY_ITEM = "/developer/api-key/{apiKey}";
  static final String ROTATE = "/developer/signing-keys/rotate";
  static final String TOKEN = "/auth/token";
  static final String JWKS = "/.well-known/jwks.json";

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .anonymous(HttpMethod.POST, TOKEN)
        .anonymous(HttpMethod.GET, JWKS)
        .allowAnyRole(HttpMethod.GET, API_KEY)
        .allowAnyRole(HttpMethod.POST, API_KEY)
        .allowAnyRole(HttpMethod.DELETE, API_KEY_ITEM)
        .allow(HttpMethod.POST, ROTATE, Roles.OPERATOR)
        .build();
  }
}
