package io.equitoken.identity.config;

import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves the two server-side secrets (key-encryption key, pepper). Outside local runs they must
 * come from the environment (a Kubernetes Secret); the built-in values below are public and exist
 * only so that {@code ./equitoken up} works without set-up.
 */
final class LocalSecrets {

  private static final Logger log = LoggerFactory.getLogger(LocalSecrets.class);
  static final String LOCAL_KEY_ENCRYPTION_KEY = "FtR+sdskAylkZiu5NzCPIG7s6ClQj4nyIDRMYwXI3y0=";
  static final String LOCAL_SECRET_PEPPER = "Gx547Rng+Gs4pvz5ZbOhlccX0CU4AFbgri0jNgJBPvg=";

  private LocalSecrets() {}

  static byte[] resolve(
      String configured, String localDefault, String variable, boolean allowLocal) {
    if (configured != null && !configured.isBlank()) {
      try {
        return Base64.getDecoder().decode(configured.trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(variable + " is not valid base64", e);
      }
    }
    if (!allowLocal) {
      throw new IllegalStateException(
          variable
              + " is not set. Set it to base64 of 32 random bytes (openssl rand -base64 32);"
              + " built-in local values are only allowed with EQUITOKEN_DEMO_DATA=true or"
              + " EQUITOKEN_IDENTITY_ALLOW_LOCAL_DEFAULTS=true.");
    }
    log.warn(
        "{} is not set: using the public local-only default. Never do this in production.",
        variable);
    return Base64.getDecoder().decode(localDefault);
  }
}
