package io.equitoken.benchmarks;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one access token costs to check ("measure the JWT decode cost"): an ES256 token shaped like
 * identity-service's (issuer, audience, subject, roles, key id, 15 minutes), checked the way Spring
 * Security's Nimbus decoder does at the gateway and again in every service.
 *
 * <ul>
 *   <li>{@code parseOnly}: base64url and JSON of header and claims, no signature;
 *   <li>{@code verifySignature}: parse + ES256 signature check with the public key;
 *   <li>{@code process}: Nimbus' {@code DefaultJWTProcessor} with a JWK set and key selector (key
 *       lookup by {@code kid}, signature, {@code exp}/{@code nbf}), what the decoder runs per
 *       token.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class JwtVerifyBenchmark {

  private String token;
  private ECDSAVerifier verifier;
  private DefaultJWTProcessor<SecurityContext> processor;

  @Setup
  public void issue() throws JOSEException {
    ECKey key = new ECKeyGenerator(Curve.P_256).keyID("bench-key").generate();
    Instant now = Instant.now();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .issuer("https://identity.equitoken.local")
            .audience("equitoken-api")
            .subject("inv-alice")
            .claim("roles", List.of("investor"))
            .claim("azp", "key_0123456789abcdef")
            .issueTime(Date.from(now))
            .notBeforeTime(Date.from(now))
            .expirationTime(Date.from(now.plusSeconds(900)))
            .jwtID("3f1c2a9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b")
            .build();
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID()).build(), claims);
    jwt.sign(new ECDSASigner(key));
    token = jwt.serialize();
    verifier = new ECDSAVerifier(key.toPublicJWK());
    processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(
            JWSAlgorithm.ES256, new ImmutableJWKSet<>(new JWKSet(key.toPublicJWK()))));
  }

  @Benchmark
  public JWTClaimsSet parseOnly() throws ParseException {
    return SignedJWT.parse(token).getJWTClaimsSet();
  }

  @Benchmark
  public boolean verifySignature() throws ParseException, JOSEException {
    return SignedJWT.parse(token).verify(verifier);
  }

  @Benchmark
  public JWTClaimsSet process() throws Exception {
    return processor.process(token, null);
  }
}
