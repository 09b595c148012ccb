package io.equitoken.gateway.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import io.equitoken.platform.test.TestJwtIssuer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A JWKS endpoint for the gateway under test that publishes {@link TestJwtIssuer}'s key plus keys
 * of its own, and can publish a new key later (key rotation). It counts fetches, so tests can see
 * that keys are cached and refetched only for an unknown {@code kid}. Its own keys sign tokens with
 * any claims (e.g. {@code azp}).
 */
public final class RotatingJwks {

  private static final RSAKey OWN_KEY = generate("gateway-it-key");
  private static final List<JWK> PUBLISHED = new CopyOnWriteArrayList<>();
  private static final AtomicInteger FETCHES = new AtomicInteger();
  private static volatile String uri;

  private RotatingJwks() {}

  public static synchronized String uri() {
    if (uri == null) {
      try {
        PUBLISHED.addAll(JWKSet.load(new URL(TestJwtIssuer.jwksUri())).getKeys());
      } catch (IOException | ParseException e) {
        throw new IllegalStateException("cannot read TestJwtIssuer's JWKS", e);
      }
      PUBLISHED.add(OWN_KEY.toPublicJWK());
      uri = serve();
    }
    return uri;
  }

  public static int fetches() {
    return FETCHES.get();
  }

  /** A fresh key that is not published yet. */
  public static RSAKey newKey() {
    return generate("rotated-" + UUID.randomUUID());
  }

  public static void publish(RSAKey key) {
    PUBLISHED.add(key.toPublicJWK());
  }

  /** A valid token signed with this endpoint's own key, naming the API key it was issued for. */
  public static String tokenWithApiKey(String apiKeyId, String subject, String... roles) {
    return sign(OWN_KEY, claims(subject, roles).claim("azp", apiKeyId).build());
  }

  public static String token(RSAKey key, String subject, String... roles) {
    return sign(key, claims(subject, roles).build());
  }

  private static JWTClaimsSet.Builder claims(String subject, String... roles) {
    Instant now = Instant.now();
    return new JWTClaimsSet.Builder()
        .issuer(TestJwtIssuer.ISSUER)
        .audience(TestJwtIssuer.AUDIENCE)
        .subject(subject)
        .claim("roles", List.of(roles))
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

  private static String serve() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(
          "/.well-known/jwks.json",
          exchange -> {
            FETCHES.incrementAndGet();
            byte[] body =
                new JWKSet(List.copyOf(PUBLISHED)).toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
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
