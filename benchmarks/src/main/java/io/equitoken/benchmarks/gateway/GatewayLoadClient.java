package io.equitoken.benchmarks.gateway;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A bounded load on a gateway over HTTPS (loopback only): warm-up calls, then sequential latency
 * percentiles, then throughput from several threads. Usage: {@code GatewayLoadClient <url>
 * <certificate.pem> <warm-up> <requests> <threads> [<gateway-pid> [<token-file>]]}. With the
 * gateway's pid it also prints the gateway's CPU (user + system, from {@code /proc/<pid>/stat}) per
 * measured request, warm-up excluded; with a token file every request carries it as a bearer token.
 */
public final class GatewayLoadClient {

  private GatewayLoadClient() {}

  public static void main(String[] args) throws Exception {
    URI url = URI.create(args[0]);
    if (!url.getHost().equals("localhost") && !url.getHost().startsWith("127.")) {
      throw new IllegalArgumentException("loopback targets only: " + url);
    }
    int warmUp = Integer.parseInt(args[2]);
    int requests = Integer.parseInt(args[3]);
    int threads = Integer.parseInt(args[4]);
    HttpClient client =
        HttpClient.newBuilder()
            .sslContext(trusting(args[1]))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    long pid = args.length > 5 ? Long.parseLong(args[5]) : -1;
    HttpRequest.Builder builder = HttpRequest.newBuilder(url).GET();
    if (args.length > 6) {
      builder.header("Authorization", "Bearer " + Files.readString(Path.of(args[6])).trim());
    }
    HttpRequest request = builder.build();
    for (int i = 0; i < warmUp; i++) {
      int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
      if (status != 200) {
        throw new IllegalStateException("warm-up answered " + status);
      }
    }
    long cpuBefore = cpuTicks(pid);
    long[] nanos = new long[requests];
    for (int i = 0; i < requests; i++) {
      long start = System.nanoTime();
      client.send(request, HttpResponse.BodyHandlers.discarding());
      nanos[i] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    System.out.printf(
        "sequential n=%d p50=%.2fms p90=%.2fms p99=%.2fms%n",
        requests,
        nanos[requests / 2] / 1e6,
        nanos[requests * 9 / 10] / 1e6,
        nanos[requests * 99 / 100] / 1e6);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    int perThread = requests / threads;
    long start = System.nanoTime();
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      done.add(
          pool.submit(
              () -> {
                for (int i = 0; i < perThread; i++) {
                  client.send(request, HttpResponse.BodyHandlers.discarding());
                }
                return null;
              }));
    }
    for (Future<?> f : done) {
      f.get();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long cpuAfter = cpuTicks(pid);
    System.out.printf(
        "concurrent threads=%d requests=%d throughput=%.0f req/s%n",
        threads, perThread * threads, perThread * threads / seconds);
    if (pid > 0) {
      int measured = requests + perThread * threads;
      System.out.printf(
          "gateway cpu=%.3f ms/req (%d requests, %.2f s of CPU)%n",
          (cpuAfter - cpuBefore) * 1000.0 / TICKS_PER_SECOND / measured,
          measured,
          (cpuAfter - cpuBefore) / (double) TICKS_PER_SECOND);
    }
    pool.shutdown();
  }

  /** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these. */
  private static final long TICKS_PER_SECOND = 100;

  /** utime + stime of {@code pid} in clock ticks, or 0 without a pid. */
  static long cpuTicks(long pid) throws IOException {
    if (pid <= 0) {
      return 0;
    }
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    // the command name (field 2) may contain spaces: count fields after its closing parenthesis
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  /** A TLS context that trusts exactly the certificate in {@code pemFile} (the gateway's). */
  public static SSLContext trusting(String pemFile) throws Exception {
    X509Certificate certificate;
    try (InputStream in = new FileInputStream(pemFile)) {
      certificate =
          (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("gateway", certificate);
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }
}
