package io.equitoken.identity.config;

import io.equitoken.identity.bootstrap.DemoKeys;
import io.equitoken.identity.bootstrap.KeyProvisioning;
import io.equitoken.identity.bootstrap.KeyProvisioning.ConfiguredKey;
import io.equitoken.identity.signing.SigningKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Before the service reports ready: a signing key exists, the bootstrap operator key matches its
 * configuration, and (local runs only) the demo keys exist. Runs on every start of every instance,
 * so each step is idempotent.
 */
@Component
class StartupProvisioning implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(StartupProvisioning.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final SigningKeys signingKeys;
  private final KeyProvisioning provisioning;
  private final BootstrapProperties bootstrap;
  private final boolean demoData;

  StartupProvisioning(
      SigningKeys signingKeys,
      KeyProvisioning provisioning,
      BootstrapProperties bootstrap,
      @Value("${equitoken.demo-data:false}") boolean demoData) {
    this.signingKeys = signingKeys;
    this.provisioning = provisioning;
    this.bootstrap = bootstrap;
    this.demoData = demoData;
  }

  @Override
  public void run(ApplicationArguments args) {
    var signer = signingKeys.ensureSigner().block(TIMEOUT);
    log.info("Signing with key {}", signer == null ? "?" : signer.kid());
    for (ConfiguredKey key : configuredKeys()) {
      var result = provisioning.ensure(key).block(TIMEOUT);
      log.info(
          "Provisioned API key {} (principal {}): {}", key.apiKey(), key.principalId(), result);
    }
  }

  List<ConfiguredKey> configuredKeys() {
    List<ConfiguredKey> keys = new ArrayList<>();
    if (bootstrap.isSet()) {
      if (bootstrap.secret() == null || bootstrap.secret().isBlank()) {
        throw new IllegalStateException(
            "EQUITOKEN_BOOTSTRAP_API_KEY is set but EQUITOKEN_BOOTSTRAP_SECRET is not");
      }
      keys.add(DemoKeys.bootstrapOperator(bootstrap.apiKey(), bootstrap.secret()));
    }
    if (demoData) {
      keys.addAll(DemoKeys.all());
    }
    return keys;
  }
}
