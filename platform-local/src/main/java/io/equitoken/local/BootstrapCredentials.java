package io.equitoken.local;

import java.util.Map;

/**
 * The first operator key identity-service provisions: the caller's {@code
 * EQUITOKEN_BOOTSTRAP_API_KEY} / {@code EQUITOKEN_BOOTSTRAP_SECRET} when both are set (the banner
 * then never prints the secret), else the public demo pair.
 */
public record BootstrapCredentials(String apiKey, String secret, boolean fromEnvironment) {

  public static final String API_KEY_VARIABLE = "EQUITOKEN_BOOTSTRAP_API_KEY";
  public static final String SECRET_VARIABLE = "EQUITOKEN_BOOTSTRAP_SECRET";
  public static final String DEMO_API_KEY = "demo-operator";
  public static final String DEMO_SECRET = "demo-operator-secret-change-me";

  public static BootstrapCredentials from(Map<String, String> environment) {
    String apiKey = environment.get(API_KEY_VARIABLE);
    String secret = environment.get(SECRET_VARIABLE);
    if (apiKey != null && !apiKey.isBlank() && secret != null && !secret.isBlank()) {
      return new BootstrapCredentials(apiKey, secret, true);
    }
    return new BootstrapCredentials(DEMO_API_KEY, DEMO_SECRET, false);
  }

  /** The calling process's environment. */
  public static BootstrapCredentials current() {
    return from(System.getenv());
  }

  /** What the banner may show of the secret. */
  public String secretForBanner() {
    return fromEnvironment ? "$" + SECRET_VARIABLE : secret;
  }

  @Override
  public String toString() {
    return "BootstrapCredentials[" + apiKey + ", fromEnvironment=" + fromEnvironment + "]";
  }
}
