package io.equitoken.benchmarks.gateway;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * A stand-in service on loopback that answers every request with a small JSON body, so that a
 * gateway measurement sees the gateway's own cost. Usage: {@code StaticUpstream <port>
 * [<token-file> <issuer> <api-key>]}: with a token file it is identity-service too — it serves a
 * JWKS of a fresh ES256 key at {@code /.well-known/jwks.json} and writes a token signed with it
 * (shaped like identity-service's: {@code azp} = {@code api-key}, role investor, 1 h) to the file,
 * for authenticated requests through the gateway.
 */
public final class StaticUpstream {

  private StaticUpstream() {}

  public static void main(String[] args) throws Exception {
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])),
            512);
    byte[] body = "{\"keys\":[]}".getBytes(StandardCharsets.UTF_8);
    byte[] jwks = body;
    if (args.length >= 4) {
      ECKey key = new ECKeyGenerator(Curve.P_256).keyID("bench-1").generate();
      jwks = new JWKSet(key.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
      Instant now = Instant.now();
      SignedJWT token =
          new SignedJWT(
              new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID()).build(),
              new JWTClaimsSet.Builder()
                  .issuer(args[2])
                  .audience("equitoken-api")
                  .subject("bench-investor")
                  .claim("azp", args[3])
                  .claim("roles", List.of("investor"))
                  .issueTime(Date.from(now))
                  .expirationTime(Date.from(now.plusSeconds(3600)))
                  .build());
      token.sign(new ECDSASigner(key));
      Files.writeString(Path.of(args[1]), token.serialize());
    }
    byte[] keys = jwks;
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] answer =
              exchange.getRequestURI().getPath().equals("/.well-known/jwks.json") ? keys : body;
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, answer.length);
          exchange.getResponseBody().write(answer);
          exchange.close();
        });
    server.setExecutor(Executors.newFixedThreadPool(8));
    server.start();
  }
}
