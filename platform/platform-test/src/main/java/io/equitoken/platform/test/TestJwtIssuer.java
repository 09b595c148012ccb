package io.equitoken.platform.test;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Mints real signed JWTs for tests and serves their public key as a JWKS on loopback, so services
 * under test validate tokens exactly as in production (signature, kid, iss, aud, exp, roles).
 */
public final class TestJwtIssuer {

  public static final String ISSUER = "https://equitoken.test";
  public static final String AUDIENCE = "equitoken-api";

  private static final RSAKey FIRST_KEY = generate("test-key-1");
  private static final RSAKey OTHER_KEY = generate("test-key-1");
  private static final List<RSAKey> PUBLISHED =
      new java.util.concurrent.CopyOnWriteArrayList<>(List.of(FIRST_KEY));
  private static final java.util.concurrent.atomic.AtomicInteger FETCHES =
      new java.util.concurrent.atomic.AtomicInteger();
  private static volatile RSAKey current = FIRST_KEY;
  private static volatile String jwksUri;

  private TestJwtIssuer() {}

  public static void register(DynamicPropertyRegistry registry) {
    registry.add("equitoken.security.issuer", () -> ISSUER);
    registry.add("equitoken.security.audience", () -> AUDIENCE);
    registry.add("equitoken.security.jwks-uri", TestJwtIssuer::jwksUri);
  }

  /** A valid bearer token value (without the {@code Bearer } prefix). */
  public static String token(String subject, String... roles) {
    return sign(current, claims(subject, roles).build());
  }

  /**
   * A valid token issued for the API key {@code apiKeyId} (its {@code azp} claim), e.g. to test
   * that a revoked key's tokens are refused. {@link #token} uses {@code test-key-<subject>}.
   */
  public static String tokenForApiKey(String apiKeyId, String subject, String... roles) {
    return sign(current, claims(subject, roles).claim("azp", apiKeyId).build());
  }

  /** A token with the usual claims, then {@code changes} applied (e.g. to remove or set claims). */
  public static String tokenWith(
      java.util.function.UnaryOperator<JWTClaimsSet.Builder> changes,
      String subject,
      String... roles) {
    return sign(current, changes.apply(claims(subject, roles)).build());
  }

  public static String expiredToken(String subject, String... roles) {
    Instant past = Instant.now().minus(Duration.ofHours(2));
    return sign(
        current,
        claims(subject, roles)
            .issueTime(Date.from(past))
            .expirationTime(Date.from(past.plusSeconds(60)))
            .build());
  }

  public static String tokenForAudience(String audience, String subject, String... roles) {
    return sign(current, claims(subject, roles).audience(audience).build());
  }

  public static String tokenFromIssuer(String issuer, String subject, String... roles) {
    return sign(current, claims(subject, roles).issuer(issuer).build());
  }

  /** Same {@code kid} as the real key, but signed by a key the JWKS does not publish. */
  public static String tokenSignedByOtherKey(String subject, String... roles) {
    return sign(OTHER_KEY, claims(subject, roles).build());
  }

  /** A valid token whose payload was changed after signing. */
  public static String tamperedToken(String subject, String... roles) {
    String[] parts = token(subject, roles).split("\\.");
    String forged =
        java.util.Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(
                claims(subject, "operator").build().toString().getBytes(StandardCharsets.UTF_8));
    return parts[0] + "." + forged + "." + parts[2];
  }

  /**
   * A valid token carrying extra claims (e.g. {@code azp}, {@code scope}) besides the usual ones.
   */
  public static String tokenWithClaims(
      Map<String, Object> extraClaims, String subject, String... roles) {
    return token(current, extraClaims, subject, roles);
  }

  /** A token signed with the given key (published or not), with optional extra claims. */
  public static String token(
      RSAKey key, Map<String, Object> extraClaims, String subject, String... roles) {
    JWTClaimsSet.Builder claims = claims(subject, roles);
    extraClaims.forEach(claims::claim);
    return sign(key, claims.build());
  }

  /** A token signed with the given key (published or not). */
  public static String token(RSAKey key, String subject, String... roles) {
    return token(key, Map.of(), subject, roles);
  }

  /** A fresh RS256 key with a unique {@code kid}, not yet published in the JWKS. */
  public static RSAKey newKey() {
    return generate("test-key-" + UUID.randomUUID());
  }

  /** Publishes a key in the JWKS (e.g. after tokens signed by it were refused as unknown). */
  public static void publish(RSAKey key) {
    PUBLISHED.add(key);
  }

  /** Removes a key from the JWKS (the first key cannot be retired). */
  public static void retire(RSAKey key) {
    if (!key.getKeyID().equals(FIRST_KEY.getKeyID())) {
      PUBLISHED.removeIf(k -> k.getKeyID().equals(key.getKeyID()));
    }
  }

  /**
   * Key rotation: publishes a new key and signs every later {@link #token} with it; the old keys
   * stay published, so tokens minted earlier stay valid. Answers the new key.
   */
  public static synchronized RSAKey rotate() {
    RSAKey next = newKey();
    publish(next);
    current = next;
    return next;
  }

  /** The key that signs tokens now. */
  public static RSAKey currentKey() {
    return current;
  }

  /** How often the JWKS was fetched (a service caches it and refetches only for an unknown kid). */
  public static int jwksFetches() {
    return FETCHES.get();
  }

  public static synchronized String jwksUri() {
    if (jwksUri == null) {
      jwksUri = serveJwks();
    }
    return jwksUri;
  }

  private static JWTClaimsSet.Builder claims(String subject, String... roles) {
    Instant now = Instant.now();
    return new JWTClaimsSet.Builder()
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .subject(subject)
        .claim("roles", List.of(roles))
        .claim("azp", "test-key-" + subject)
        .issueTime(Date.from(now))
        .expirationTime(Date.from(now.plus(Duration.ofMinutes(15))))
        .jwtID(UUID.randomUUID().toString());
  }

  private static String sign(RSAKey key, JWTClaimsSet claims) {
    try {
      SignedJWT jwt =
          new SignedJWT(
              new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
      jwt.sign(new RSASSASigner(key));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String serveJwks() {
    // The JDK server otherwise waits ~40 ms (Nagle + delayed ACK) on every response.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(
          "/.well-known/jwks.json",
          exchange -> {
            FETCHES.incrementAndGet();
            byte[] body =
                new JWKSet(
                        PUBLISHED.stream()
                            .map(k -> (com.nimbusds.jose.jwk.JWK) k.toPublicJWK())
                            .toList())
                    .toString()
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.setExecutor(null);
      server.start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0)));
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/.well-known/jwks.json";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static RSAKey generate(String kid) {
    try {
      return new RSAKeyGenerator(2048).keyID(kid).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }
}
