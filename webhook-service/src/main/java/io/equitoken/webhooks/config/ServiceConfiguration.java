package io.equitoken.webhooks.config;

import io.equitoken.platform.core.SealedSecret;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.revocation.RevokedApiKeys;
import io.equitoken.platform.web.security.ConfiguredKey;
import io.equitoken.webhooks.catalogue.ContractDocuments;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.delivery.AttemptRules;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.DeliveryLog;
import io.equitoken.webhooks.delivery.DeliveryQueue;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.equitoken.webhooks.delivery.RetrySchedule;
import io.equitoken.webhooks.delivery.WebhookSender;
import io.equitoken.webhooks.endpoint.EndpointPolicy;
import io.equitoken.webhooks.endpoint.HostResolver;
import io.equitoken.webhooks.http.HttpWebhookSender;
import io.equitoken.webhooks.subscription.SubscriptionService;
import io.equitoken.webhooks.subscription.SubscriptionStore;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;
import tools.jackson.databind.json.JsonMapper;

/** Wires the plain-Java webhook core to its adapters. */
@Configuration
@EnableConfigurationProperties(WebhookProperties.class)
class ServiceConfiguration {

  private static final String SECRET_KEY_PROPERTY = "equitoken.webhooks.secret-key";
  private static final String SECRET_KEY_VARIABLE = "EQUITOKEN_WEBHOOKS_SECRET_KEY";

  @Bean
  @ConditionalOnMissingBean
  HostResolver hostResolver() {
    return HostResolver.system();
  }

  /** Seals signing secrets at rest under the configured key; there is no built-in one. */
  @Bean
  SealedSecret signingSecretSealer(WebhookProperties properties) {
    return ConfiguredKey.build(
        SECRET_KEY_PROPERTY,
        SECRET_KEY_VARIABLE,
        properties.secretKey(),
        key -> SealedSecret.fromBase64Key(key, SECRET_KEY_VARIABLE));
  }

  @Bean
  EventCatalogue eventCatalogue() {
    return EventCatalogue.standard();
  }

  @Bean
  ContractDocuments contractDocuments(JsonMapper json) {
    return new ContractDocuments(json);
  }

  @Bean
  EndpointPolicy endpointPolicy(HostResolver resolver, WebhookProperties properties) {
    return new EndpointPolicy(resolver, properties.allowLoopbackReceivers());
  }

  @Bean
  SubscriptionService subscriptionService(
      SubscriptionStore store,
      EventCatalogue catalogue,
      EndpointPolicy policy,
      WebhookSender sender,
      Clock clock,
      Transactions transactions,
      TransactionLocks locks,
      WebhookProperties properties) {
    return new SubscriptionService(
        store,
        catalogue,
        policy,
        sender::forget,
        clock,
        transactions,
        locks,
        properties.maxSubscriptionsPerPrincipal());
  }

  @Bean(destroyMethod = "shutdown")
  ExecutorService webhookResolverThreads() {
    return Executors.newFixedThreadPool(
        4,
        r -> {
          Thread t = new Thread(r, "webhook-dns");
          t.setDaemon(true);
          return t;
        });
  }

  /** One circuit breaker per endpoint: opens at 50 % failures of the last 10 calls for 30 s. */
  static CircuitBreakerConfig endpointBreaker() {
    return CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(10)
        .minimumNumberOfCalls(5)
        .failureRateThreshold(50)
        .waitDurationInOpenState(AttemptRules.CIRCUIT_WAIT)
        .permittedNumberOfCallsInHalfOpenState(1)
        .build();
  }

  /** At most this many endpoints' breakers are kept (least recently used first out). */
  static final int MAX_BREAKERS = 10_000;

  /** Threads of the deliveries' event loops: as many as cores, at least two. */
  static int deliveryThreads() {
    return Math.max(2, Runtime.getRuntime().availableProcessors());
  }

  /**
   * The HTTP client's own event loops: the platform's shared ones also carry the database driver
   * and the API, which slow receivers must not hold up.
   */
  @Bean(destroyMethod = "dispose")
  LoopResources webhookHttpLoops() {
    return LoopResources.create("webhook-http", deliveryThreads(), true);
  }

  /** Where claimed deliveries are signed and sent: off the database driver's event loop. */
  @Bean(destroyMethod = "dispose")
  Scheduler webhookSends() {
    return Schedulers.newParallel("webhook-send", deliveryThreads(), true);
  }

  @Bean
  WebhookSender webhookSender(
      EndpointPolicy policy,
      HostResolver resolver,
      ExecutorService webhookResolverThreads,
      LoopResources webhookHttpLoops,
      WebhookProperties properties) {
    Executor blocking = webhookResolverThreads;
    return new HttpWebhookSender(
        policy,
        resolver,
        endpointBreaker(),
        MAX_BREAKERS,
        blocking,
        properties.connectTimeout(),
        properties.responseTimeout(),
        properties.maxInFlight(),
        webhookHttpLoops);
  }

  @Bean
  Deliveries deliveries(
      DeliveryQueue queue,
      DeliveryLog log,
      SubscriptionService subscriptions,
      EventCatalogue catalogue,
      WebhookSender sender,
      JsonMapper json,
      Clock clock,
      ObjectProvider<RevokedApiKeys> revocations) {
    AttemptRules rules =
        new AttemptRules(new RetrySchedule(() -> ThreadLocalRandom.current().nextDouble()));
    RevokedApiKeys revoked = revocations.getIfAvailable();
    return new Deliveries(
        queue,
        log,
        subscriptions,
        catalogue,
        sender,
        rules,
        json,
        clock,
        key -> revoked != null && revoked.isRevoked(key));
  }

  @Bean
  Dispatcher dispatcher(
      DeliveryQueue queue,
      Deliveries deliveries,
      Clock clock,
      Scheduler webhookSends,
      WebhookProperties properties) {
    return new Dispatcher(
        queue,
        deliveries,
        clock,
        properties.pollInterval(),
        properties.maxInFlight(),
        properties.perEndpointConcurrency(),
        properties.perOwnerConcurrency(),
        webhookSends);
  }

  /** Starts the dispatcher with the application and drains it (bounded) on shutdown. */
  @Bean
  SmartLifecycle dispatcherLifecycle(Dispatcher dispatcher) {
    return new SmartLifecycle() {
      @Override
      public void start() {
        dispatcher.start();
      }

      @Override
      public void stop() {
        dispatcher.stop(Duration.ofSeconds(25));
      }

      @Override
      public boolean isRunning() {
        return dispatcher.isRunning();
      }
    };
  }
}
