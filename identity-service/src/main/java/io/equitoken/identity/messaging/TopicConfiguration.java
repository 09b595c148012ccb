package io.equitoken.identity.messaging;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/**
 * Declares the topic so local runs and tests need no manual set-up; where a topic operator
 * (Strimzi) already created it, this is a no-op.
 */
@Configuration(proxyBeanMethods = false)
class TopicConfiguration {

  @Bean
  NewTopic identityEvents() {
    return TopicBuilder.name(IdentityTopic.NAME).partitions(3).build();
  }
}
