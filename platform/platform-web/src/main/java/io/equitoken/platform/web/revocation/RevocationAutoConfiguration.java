package io.equitoken.platform.web.revocation;

import io.equitoken.platform.web.security.EquitokenSecurityProperties;
import java.time.Clock;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The revocation set of every reactive service and the gateway, fed by {@code identity.events.v1}.
 * On by default; {@code equitoken.security.revocations.enabled=false} only for tests without Kafka.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(
    name = {
      "org.apache.kafka.clients.consumer.KafkaConsumer",
      "org.springframework.boot.kafka.autoconfigure.KafkaProperties"
    })
@ConditionalOnProperty(
    name = "equitoken.security.revocations.enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties({EquitokenSecurityProperties.class, KafkaProperties.class})
public class RevocationAutoConfiguration {

  @Bean
  RevokedApiKeys revokedApiKeys(EquitokenSecurityProperties properties) {
    return new RevokedApiKeys(
        properties.revocationRetention(),
        properties.revocations().maxStaleness(),
        Clock.systemUTC());
  }

  @Bean
  RevocationFeed revocationFeed(
      EquitokenSecurityProperties properties,
      RevokedApiKeys revoked,
      ObjectProvider<KafkaProperties> kafka,
      Environment environment) {
    EquitokenSecurityProperties.Revocations settings = properties.revocations();
    Map<String, Object> consumer = kafka.getObject().buildConsumerProperties();
    if (settings.bootstrapServers() != null && !settings.bootstrapServers().isBlank()) {
      consumer.put("bootstrap.servers", settings.bootstrapServers());
    }
    consumer.put(
        "client.id",
        "api-key-revocations-" + environment.getProperty("spring.application.name", "service"));
    return new RevocationFeed(
        consumer,
        settings.topic(),
        revoked,
        properties.revocationRetention(),
        settings.pollInterval(),
        settings.startupWait(),
        Clock.systemUTC());
  }
}
