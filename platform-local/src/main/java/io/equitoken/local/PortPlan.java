package io.equitoken.local;

/**
 * All ports of one platform instance. Every port is its conventional port plus {@code offset}, so a
 * second instance (the e2e tests) moves everything at once. Use offsets that are multiples of 10
 * (100, 200, …): with an offset of 1 Kafka's broker port would land on another instance's
 * controller port.
 */
public record PortPlan(int offset) {

  public static final int POSTGRES = 54329;
  public static final int KAFKA = 19092;
  public static final int KAFKA_CONTROLLER = 19093;

  public static final PortPlan DEFAULT = new PortPlan(0);

  public PortPlan {
    if (offset < 0 || offset > 10_000) {
      throw new IllegalArgumentException("port offset must be between 0 and 10000: " + offset);
    }
  }

  public int postgres() {
    return POSTGRES + offset;
  }

  public int kafka() {
    return KAFKA + offset;
  }

  public int kafkaController() {
    return KAFKA_CONTROLLER + offset;
  }

  /** The local demo webhook receiver (DemoReceiver). */
  public int demoReceiver() {
    return 8090 + offset;
  }

  public int port(ServiceDef service) {
    return service.basePort() + offset;
  }

  public String kafkaBootstrapServers() {
    return "localhost:" + kafka();
  }

  public String jdbcUrl(String database) {
    return "jdbc:postgresql://localhost:" + postgres() + "/" + database;
  }

  public String r2dbcUrl(String database) {
    return "r2dbc:postgresql://localhost:" + postgres() + "/" + database;
  }

  /** Base URL of a service: https for the gateway, http behind it. */
  public String url(ServiceDef service) {
    return (service.https() ? "https" : "http") + "://localhost:" + port(service);
  }

  public String healthUrl(ServiceDef service) {
    return url(service) + "/actuator/health";
  }

  public String jwksUri() {
    return url(Services.named(Services.IDENTITY)) + "/.well-known/jwks.json";
  }
}
