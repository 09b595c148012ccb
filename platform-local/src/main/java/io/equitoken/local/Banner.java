package io.equitoken.local;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/** What a developer needs once everything is up. */
final class Banner {

  private Banner() {}

  static void print(LocalPlatform platform, double seconds, PrintStream out) {
    Path project = platform.projectDir();
    String cert = relative(project, platform.gatewayCertificate());
    String gateway = platform.gatewayUrl();
    out.println();
    out.printf(Locale.ROOT, "Equitoken is up in %.1f s.%n", seconds);
    if (platform.runningServices().contains(Services.GATEWAY)) {
      out.println("  Gateway        " + gateway + "   (self-signed; certificate " + cert + ")");
    } else {
      out.println("  Gateway        not running (gateway not built yet)");
    }
    out.println("  Services       " + String.join(", ", platform.runningServices()));
    if (!platform.skippedServices().isEmpty()) {
      out.println("  Not built      " + String.join(", ", platform.skippedServices()));
    }
    out.println(
        "  PostgreSQL     "
            + platform.ports().jdbcUrl("<db>")
            + "  (user <db>, password postgres.<db>.password in "
            + relative(project, platform.secretsFile())
            + ")");
    out.println("  Kafka          " + platform.kafkaBootstrapServers());
    out.println(
        "  Secrets        "
            + relative(project, platform.secretsFile())
            + " (generated for this installation, mode 0600: database passwords, identity's"
            + " key-encryption key and pepper, compliance's document key)");
    out.println("  Logs           " + relative(project, platform.logsDir()) + "/<module>.log");
    BootstrapCredentials bootstrap = BootstrapCredentials.current();
    out.println(
        (bootstrap.fromEnvironment()
                ? "  Operator       api key "
                    + bootstrap.apiKey()
                    + " (from EQUITOKEN_BOOTSTRAP_API_KEY / _SECRET), secret "
                : "  Demo operator  api key " + bootstrap.apiKey() + ", secret ")
            + bootstrap.secretForBanner());
    out.println();
    out.println("  Get a token:");
    out.println("    TOKEN=$(curl --cacert " + cert + " -s " + gateway + "/auth/token \\");
    out.println("      -H 'Content-Type: application/json' \\");
    out.println(
        "      -d '{\"apiKey\":\""
            + bootstrap.apiKey()
            + "\",\"secret\":\""
            + (bootstrap.fromEnvironment()
                ? "'\"$EQUITOKEN_BOOTSTRAP_SECRET\"'"
                : bootstrap.secret())
            + "\"}' | sed -E 's/.*\"accessToken\":\"([^\"]+)\".*/\\1/')");
    out.println("  List listings:");
    out.println(
        "    curl --cacert "
            + cert
            + " -s "
            + gateway
            + "/listings -H \"Authorization: Bearer $TOKEN\"");
    platform
        .demoReceiverUrl()
        .filter(url -> platform.runningServices().contains("webhook-service"))
        .ifPresent(
            url -> {
              out.println(
                  "  Webhooks: subscribe the demo receiver (deliveries land in "
                      + relative(project, platform.demoReceiverLog())
                      + "):");
              out.println(
                  "    curl --cacert "
                      + cert
                      + " -s "
                      + gateway
                      + "/webhooks/subscriptions -H \"Authorization: Bearer $TOKEN\" \\");
              out.println(
                  "      -H 'Content-Type: application/json' -d '{\"url\":\""
                      + url
                      + "\",\"eventTypes\":[\"window.opened\",\"trade.executed\"]}'");
              out.println(
                  "    then POST /webhooks/subscriptions/<id>/test sends a signed test event now.");
            });
    out.println();
    out.println("Press Ctrl-C to stop everything (data is kept; ./equitoken clean deletes it).");
  }

  private static String relative(Path project, Path path) {
    return path.startsWith(project) ? project.relativize(path).toString() : path.toString();
  }
}
