package io.equitoken.local;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The environment a service process gets, exactly as docs/conventions.md names it. */
public final class ServiceEnvironment {

  public static final String ISSUER = "https://equitoken.local";
  public static final String AUDIENCE = "equitoken-api";
  public static final String BOOTSTRAP_API_KEY = BootstrapCredentials.DEMO_API_KEY;
  public static final String BOOTSTRAP_SECRET = BootstrapCredentials.DEMO_SECRET;

  /** Names the instance for Kafka's static group membership (platform-events). */
  public static final String INSTANCE_ID_VARIABLE = "EQUITOKEN_INSTANCE_ID";

  /**
   * Where the local gateway listens: loopback unless this variable of the launcher's environment
   * names another address (e.g. {@code 0.0.0.0} to be reached from other machines).
   */
  public static final String LISTEN_ADDRESS_VARIABLE = "EQUITOKEN_LOCAL_LISTEN_ADDRESS";

  private static final String LOOPBACK = "127.0.0.1";

  private ServiceEnvironment() {}

  static String gatewayAddress(Map<String, String> launcherEnvironment) {
    String asked = launcherEnvironment.get(LISTEN_ADDRESS_VARIABLE);
    return asked == null || asked.isBlank() ? LOOPBACK : asked.strip();
  }

  public static Map<String, String> of(
      ServiceDef service, PortPlan ports, Path tlsDir, LocalSecrets secrets) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("SERVER_PORT", Integer.toString(ports.port(service)));
    // services speak plain HTTP behind the gateway: reachable from this machine only, never from
    // the network; the gateway too, since the demo credentials are public, unless asked otherwise
    env.put("SERVER_ADDRESS", service.isGateway() ? gatewayAddress(System.getenv()) : LOOPBACK);
    service
        .db()
        .ifPresent(
            db -> {
              env.put("SPRING_R2DBC_URL", ports.r2dbcUrl(db));
              env.put("SPRING_R2DBC_USERNAME", db);
              env.put("SPRING_R2DBC_PASSWORD", secrets.databasePassword(db));
              env.put("SPRING_FLYWAY_URL", ports.jdbcUrl(db));
              env.put("SPRING_FLYWAY_USER", db);
              env.put("SPRING_FLYWAY_PASSWORD", secrets.databasePassword(db));
            });
    // every module, the gateway too, reads API key revocations from identity.events.v1
    env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", ports.kafkaBootstrapServers());
    env.put("EQUITOKEN_SECURITY_ISSUER", ISSUER);
    env.put("EQUITOKEN_SECURITY_AUDIENCE", AUDIENCE);
    env.put("EQUITOKEN_SECURITY_JWKS_URI", ports.jwksUri());
    env.put("EQUITOKEN_DEMO_DATA", "true");
    // static Kafka group membership: a restarted service gets its partitions back at once
    // (docs/operations.md, "Consumer groups after a crash"); one instance per module here
    env.put(INSTANCE_ID_VARIABLE, service.module() + "-local");
    if (service.module().equals("trading-service")) {
      // a lone matcher has nobody to take over from: its idle fetches may wait as long as the
      // platform's other consumers do (docs/operations.md, "Consumer groups after a crash")
      env.put("EQUITOKEN_TRADING_TAKEOVER_FETCH_WAIT_MS", "5000");
    }
    if (service.module().equals("webhook-service")) {
      // local runs only: plain-HTTP webhook receivers on loopback; production never
      env.put("EQUITOKEN_WEBHOOKS_ALLOW_LOOPBACK_RECEIVERS", "true");
    }
    // this installation's own keys (.local/secrets.properties); the services have no built-in ones
    env.putAll(secrets.serviceKeys(service.module()));
    if (service.module().equals(Services.IDENTITY)) {
      BootstrapCredentials bootstrap = BootstrapCredentials.current();
      env.put(BootstrapCredentials.API_KEY_VARIABLE, bootstrap.apiKey());
      env.put(BootstrapCredentials.SECRET_VARIABLE, bootstrap.secret());
    }
    if (service.isGateway()) {
      for (ServiceDef backend : Services.ALL) {
        if (!backend.isGateway()) {
          env.put(backend.gatewayUriVariable(), ports.url(backend));
        }
      }
      env.put("EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR", tlsDir.toAbsolutePath().toString());
    }
    return env;
  }
}
