package io.equitoken.gateway.config;

import io.equitoken.gateway.tls.GeneratedKeyStore;
import io.equitoken.gateway.tls.SelfSignedCertificates;
import io.equitoken.gateway.tls.TlsMode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Settles TLS before the web server exists: a mounted keystore wins; otherwise, with {@code
 * equitoken.gateway.tls.self-signed-dir} set, a self-signed certificate is generated there once and
 * {@code server.ssl.*} points at it; otherwise start-up fails, unless the test-only flag {@code
 * equitoken.gateway.tls.allow-plain-http-for-tests} is set. Runs after the config files are read,
 * so application.yaml, environment variables and test properties all count.
 */
public class TlsEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

  public static final String SELF_SIGNED_DIR = "equitoken.gateway.tls.self-signed-dir";
  public static final String ALLOW_PLAIN_FOR_TESTS =
      "equitoken.gateway.tls.allow-plain-http-for-tests";
  static final String PROPERTY_SOURCE = "equitokenGatewayTls";

  private final Log log;

  public TlsEnvironmentPostProcessor(DeferredLogFactory logs) {
    this.log = logs.getLog(TlsEnvironmentPostProcessor.class);
  }

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    boolean sslDisabled = "false".equalsIgnoreCase(environment.getProperty("server.ssl.enabled"));
    boolean mounted =
        !sslDisabled
            && (environment.containsProperty("server.ssl.key-store")
                || environment.containsProperty("server.ssl.bundle"));
    TlsMode mode =
        TlsMode.decide(
            mounted,
            environment.getProperty(SELF_SIGNED_DIR),
            environment.getProperty(ALLOW_PLAIN_FOR_TESTS, Boolean.class, false));
    switch (mode) {
      case MOUNTED -> log.info("TLS: using the mounted keystore");
      case SELF_SIGNED ->
          useSelfSigned(environment, Path.of(environment.getProperty(SELF_SIGNED_DIR)));
      case PLAIN_FOR_TESTS_ONLY ->
          log.warn("TLS is OFF (" + ALLOW_PLAIN_FOR_TESTS + "=true): never use this outside tests");
    }
  }

  private void useSelfSigned(ConfigurableEnvironment environment, Path dir) {
    GeneratedKeyStore store = new SelfSignedCertificates().ensure(dir.toAbsolutePath());
    log.info(
        "TLS: "
            + (store.reused() ? "reusing" : "generated")
            + " self-signed certificate "
            + store.certificatePem());
    Map<String, Object> ssl = new LinkedHashMap<>();
    ssl.put("server.ssl.enabled", "true");
    ssl.put("server.ssl.key-store", store.keyStore().toUri().toString());
    ssl.put("server.ssl.key-store-password", store.password());
    ssl.put("server.ssl.key-store-type", "PKCS12");
    ssl.put("server.ssl.key-alias", store.alias());
    environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE, ssl));
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
