package io.equitoken.listings.web;

import static io.equitoken.platform.web.Roles.FOUNDER;
import static io.equitoken.platform.web.Roles.OPERATOR;

import io.equitoken.platform.web.RoleMatrix;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * The one place that says which roles may call which endpoint of listings-service. Reads are open
 * to every role; writes to founders (their own listings only, checked per object by the domain) and
 * operators; suspending and reactivating are platform measures, so operators only.
 */
@Configuration
class ListingsRoleMatrix {

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .allowAnyRole(HttpMethod.GET, "/listings")
        .allowAnyRole(HttpMethod.GET, "/listings/{id}")
        .allowAnyRole(HttpMethod.GET, "/tokens/{tokenId}")
        .allowAnyRole(HttpMethod.GET, "/tokens/{tokenId}/compartment")
        .allow(HttpMethod.POST, "/listings", FOUNDER, OPERATOR)
        .allow(HttpMethod.PATCH, "/listings/{id}", FOUNDER, OPERATOR)
        .allow(HttpMethod.POST, "/listings/{id}/publish", FOUNDER, OPERATOR)
        .allow(HttpMethod.POST, "/listings/{id}/close", FOUNDER, OPERATOR)
        .allow(HttpMethod.POST, "/listings/{id}/token", FOUNDER, OPERATOR)
        .allow(HttpMethod.POST, "/listings/{id}/suspend", OPERATOR)
        .allow(HttpMethod.POST, "/listings/{id}/reactivate", OPERATOR)
        .build();
  }
}
