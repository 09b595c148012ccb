package io.equitoken.platform.web.security;

import java.util.Base64;
import java.util.function.Function;

/**
 * A server-side key from configuration (base64 of random bytes, e.g. a key-encryption key). There
 * is no built-in value: a service whose key is unset or malformed refuses to start, and Spring
 * Boot's failure analysis reports the setting and what to do in a few lines instead of a stack
 * trace. {@code ./equitoken up} generates every such key per installation ({@code
 * .local/secrets.properties}); Kubernetes and compose pass them from Secrets or env files.
 *
 * <p>The report names the setting and variable, never the value (Spring Boot's own analysis of an
 * invalid property would print the raw value of the variable).
 */
public final class ConfiguredKey {

  private ConfiguredKey() {}

  /**
   * The decoded key, at least {@code minBytes} long.
   *
   * @param property the setting, e.g. {@code equitoken.identity.secret-pepper}
   * @param variable the environment variable that carries it
   * @param value the configured value (may be null or blank: refused)
   */
  public static byte[] decode(String property, String variable, String value, int minBytes) {
    String base64 = require(property, variable, value);
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw unusable(property, variable, "it is not valid base64");
    }
    if (raw.length < minBytes) {
      throw unusable(
          property,
          variable,
          "it holds " + raw.length + " bytes, at least " + minBytes + " are needed");
    }
    return raw;
  }

  /**
   * The configured value, stripped, for a factory that checks it itself (e.g. {@code
   * SealedSecret::fromBase64Key}); an {@link IllegalArgumentException} from {@code factory} is
   * reported like an unset value.
   */
  public static <T> T build(
      String property, String variable, String value, Function<String, T> factory) {
    String configured = require(property, variable, value);
    try {
      return factory.apply(configured);
    } catch (IllegalArgumentException e) {
      throw unusable(property, variable, e.getMessage());
    }
  }

  private static String require(String property, String variable, String value) {
    if (value == null || value.isBlank()) {
      throw unusable(property, variable, "it is not set");
    }
    return value.strip();
  }

  /**
   * A start-up refusal about a key setting (e.g. it does not open what is stored), reported like
   * the others and without the value.
   */
  public static Refused refused(String property, String variable, String reason) {
    return new Refused(property, variable, reason);
  }

  private static Refused unusable(String property, String variable, String reason) {
    return refused(
        property,
        variable,
        reason
            + ". Set it to base64 of 32 random bytes (openssl rand -base64 32); there is no"
            + " built-in value. ./equitoken up generates this installation's keys into"
            + " .local/secrets.properties; Kubernetes and docker compose pass them from Secrets"
            + " or env files (docs/operations.md).");
  }

  /** A key setting that cannot be used; its message names the variable and the reason only. */
  public static final class Refused extends IllegalStateException {

    private final String property;
    private final String variable;

    Refused(String property, String variable, String reason) {
      super(variable + ": " + reason);
      this.property = property;
      this.variable = variable;
    }

    public String property() {
      return property;
    }

    public String variable() {
      return variable;
    }
  }
}
