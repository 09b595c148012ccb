package io.equitoken.listings.web;

import io.equitoken.listings.idempotency.IdempotentRequest;
import io.equitoken.platform.web.ProblemException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the {@code Idempotency-Key} header of creating calls. The body's fingerprint is the SHA-256
 * of its parsed form re-serialised, so whitespace or member order do not make two equal requests
 * differ.
 */
@Component
class IdempotencyKeys {

  static final String HEADER = "Idempotency-Key";
  private static final Pattern VALID = Pattern.compile("[\\x21-\\x7E]{1,255}");

  private final JsonMapper json;

  IdempotencyKeys(JsonMapper json) {
    this.json = json;
  }

  /** Null when no key was sent. */
  IdempotentRequest request(String principalId, String key, String operation, Object body) {
    if (key == null) {
      return null;
    }
    if (!VALID.matcher(key).matches()) {
      throw ProblemException.badRequest(
              "invalid-idempotency-key",
              HEADER + " must be 1 to 255 visible ASCII characters (a UUID is a good choice).")
          .with("field", HEADER);
    }
    return new IdempotentRequest(principalId, key, operation, fingerprint(body));
  }

  private String fingerprint(Object body) {
    try {
      byte[] canonical = json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }
}
