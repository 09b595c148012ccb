package io.equitoken.e2e;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.UUID;

/** Tokens an attacker could make: a changed payload, or a signature by a key of their own. */
final class ForgedTokens {

  private ForgedTokens() {}

  /** The real token with its payload replaced; the signature no longer matches. */
  static String withPayload(String token, String payloadJson) {
    String[] parts = token.split("\\.");
    String payload =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8));
    return parts[0] + "." + payload + "." + parts[2];
  }

  static String payloadOf(String token) {
    return new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8);
  }

  /**
   * Claims exactly like identity-service's, the {@code kid} of a published key, but signed by a
   * freshly generated key of the same type.
   */
  static String signedByOtherKey(JWK published, String issuer, String audience, String subject)
      throws JOSEException {
    JWSSigner signer;
    JWSAlgorithm algorithm;
    if (KeyType.EC.equals(published.getKeyType())) {
      signer = new ECDSASigner(new ECKeyGenerator(Curve.P_256).generate());
      algorithm = JWSAlgorithm.ES256;
    } else {
      signer = new RSASSASigner(new RSAKeyGenerator(2048).generate());
      algorithm = JWSAlgorithm.RS256;
    }
    Instant now = Instant.now();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .issuer(issuer)
            .audience(audience)
            .subject(subject)
            .claim("roles", List.of("operator"))
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plusSeconds(300)))
            .jwtID(UUID.randomUUID().toString())
            .build();
    SignedJWT jwt =
        new SignedJWT(new JWSHeader.Builder(algorithm).keyID(published.getKeyID()).build(), claims);
    jwt.sign(signer);
    return jwt.serialize();
  }
}
