package io.equitoken.identity.signing;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

/** The current signing key, decrypted; signs ES256 JWTs with its {@code kid} in the header. */
public final class Signer {

  private final ECKey key;
  private final ECDSASigner signer;

  Signer(ECKey key) {
    this.key = key;
    try {
      this.signer = new ECDSASigner(key);
    } catch (JOSEException e) {
      throw new IllegalStateException("Unusable signing key " + key.getKeyID(), e);
    }
  }

  public String kid() {
    return key.getKeyID();
  }

  public String sign(JWTClaimsSet claims) {
    JWSHeader header =
        new JWSHeader.Builder(JWSAlgorithm.ES256)
            .keyID(key.getKeyID())
            .type(JOSEObjectType.JWT)
            .build();
    SignedJWT jwt = new SignedJWT(header, claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("Cannot sign with key " + key.getKeyID(), e);
    }
    return jwt.serialize();
  }
}
