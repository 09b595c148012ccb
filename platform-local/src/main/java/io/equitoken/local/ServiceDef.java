package io.equitoken.local;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * One module that {@code ./equitoken up} runs as its own process.
 *
 * @param module directory = artifactId = {@code spring.application.name}
 * @param basePort port at offset 0 (docs/conventions.md)
 * @param database its own database and login role, or {@code null} for a stateless module
 * @param https whether it serves HTTPS only (the gateway)
 */
public record ServiceDef(String module, int basePort, String database, boolean https) {

  public Optional<String> db() {
    return Optional.ofNullable(database);
  }

  /** {@code <module>/target/<module>.jar}, the Spring Boot jar every service builds. */
  public Path jar(Path projectDir) {
    return projectDir.resolve(module).resolve("target").resolve(module + ".jar");
  }

  /** The gateway setting naming this service: webhook-service → EQUITOKEN_GATEWAY_WEBHOOK_URI. */
  public String gatewayUriVariable() {
    String name = module.endsWith("-service") ? module.substring(0, module.length() - 8) : module;
    return "EQUITOKEN_GATEWAY_" + name.toUpperCase(Locale.ROOT).replace('-', '_') + "_URI";
  }

  public boolean isGateway() {
    return https;
  }
}
