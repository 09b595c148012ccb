package io.equitoken.webhooks.delivery;

import io.equitoken.webhooks.subscription.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">}, one
 * per secret, space-separated (two during a secret rotation).
 */
public final class Signatures {

  private Signatures() {}

  public static String header(List<String> secrets, String messageId, long timestamp, String body) {
    byte[] content = (messageId + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8);
    StringJoiner header = new StringJoiner(" ");
    for (String secret : secrets) {
      header.add("v1," + Base64.getEncoder().encodeToString(hmac(Secrets.key(secret), content)));
    }
    return header.toString();
  }

  private static byte[] hmac(byte[] key, byte[] content) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(content);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is always available", e);
    }
  }
}
