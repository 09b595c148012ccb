package io.equitoken.webhooks.web;

import io.equitoken.platform.web.RoleMatrix;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * Every authenticated principal may manage webhooks — their own subscriptions only (another's is a
 * 404, checked per object); operators anyone's. So every rule admits every role.
 */
@Configuration
class WebhooksRoleMatrix {

  static final String SUBSCRIPTIONS = "/webhooks/subscriptions";
  static final String SUBSCRIPTION = SUBSCRIPTIONS + "/{id}";

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .allowAnyRole(HttpMethod.GET, "/webhooks/event-types")
        .allowAnyRole(HttpMethod.POST, SUBSCRIPTIONS)
        .allowAnyRole(HttpMethod.GET, SUBSCRIPTIONS)
        .allowAnyRole(HttpMethod.GET, SUBSCRIPTION)
        .allowAnyRole(HttpMethod.PATCH, SUBSCRIPTION)
        .allowAnyRole(HttpMethod.DELETE, SUBSCRIPTION)
        .allowAnyRole(HttpMethod.POST, SUBSCRIPTION + "/rotate-secret")
        .allowAnyRole(HttpMethod.POST, SUBSCRIPTION + "/test")
        .allowAnyRole(HttpMethod.GET, SUBSCRIPTION + "/deliveries")
        .allowAnyRole(HttpMethod.POST, SUBSCRIPTION + "/deliveries/{deliveryId}/replay")
        .allowAnyRole(HttpMethod.POST, SUBSCRIPTION + "/recover")
        .build();
  }
}
