package io.equitoken.webhooks.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The SSRF guard, case by case, with a scripted DNS. */
class EndpointPolicyTest {

  private static final Map<String, List<String>> DNS =
      Map.ofEntries(
          Map.entry("hooks.partner.com", List.of("93.184.215.14")),
          Map.entry("v6.partner.com", List.of("2606:2800:21f:cb07:6820:80da:af6b:8b2c")),
          Map.entry("localhost", List.of("127.0.0.1", "::1")),
          Map.entry("internal.partner.com", List.of("10.1.2.3")),
          Map.entry("metadata.partner.com", List.of("169.254.169.254")),
          Map.entry("mixed.partner.com", List.of("93.184.215.14", "192.168.1.10")),
          Map.entry("mapped.partner.com", List.of("::ffff:10.0.0.1")));

  static final HostResolver RESOLVER =
      host -> {
        List<String> answers = DNS.get(host);
        if (answers == null) {
          throw new UnknownHostException(host);
        }
        return answers.stream()
            .map(
                a -> {
                  try {
                    return InetAddress.getByName(a);
                  } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                  }
                })
            .toList();
      };

  private final EndpointPolicy production = new EndpointPolicy(RESOLVER, false);
  private final EndpointPolicy local = new EndpointPolicy(RESOLVER, true);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://hooks.partner.com/webhooks",
        "https://hooks.partner.com:8443/in?x=1",
        "https://v6.partner.com/hooks",
        "https://93.184.215.14/hooks",
        "HTTPS://hooks.partner.com/upper-case-scheme"
      })
  void shouldAcceptPublicHttpsUrls(String url) {
    assertThat(production.checkSubscriptionUrl(url)).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // not https
        "http://hooks.partner.com/webhooks",
        "ftp://hooks.partner.com/webhooks",
        "file:///etc/passwd",
        "gopher://hooks.partner.com/",
        "javascript:alert(1)",
        "data:text/plain,hello",
        // not absolute / no host
        "/relative/path",
        "https:///no-host",
        "https://exa_mple.com/underscore-host-is-no-host",
        "not a url",
        // ports outside 1..65535
        "https://hooks.partner.com:65536/webhooks",
        "https://hooks.partner.com:0/webhooks",
        "https://hooks.partner.com:99999/webhooks",
        "https://93.184.215.14:65536/webhooks",
        // user info
        "https://user:pass@hooks.partner.com/",
        "https://user@hooks.partner.com/",
        // loopback
        "https://127.0.0.1/",
        "https://127.1.2.3/",
        "https://localhost/",
        "https://[::1]/",
        "https://[::ffff:127.0.0.1]/",
        // private
        "https://10.0.0.1/",
        "https://172.16.5.4/",
        "https://172.31.255.255/",
        "https://192.168.0.1/",
        "https://[fc00::1]/",
        "https://[fd12:3456::1]/",
        "https://internal.partner.com/",
        "https://mixed.partner.com/",
        "https://mapped.partner.com/",
        "https://[::ffff:10.0.0.1]/",
        "https://[::ffff:192.168.1.1]/",
        // link-local, cloud metadata
        "https://169.254.169.254/latest/meta-data/",
        "https://metadata.partner.com/",
        "https://[fe80::1]/",
        "https://[::ffff:169.254.169.254]/",
        // multicast, unspecified, broadcast, reserved, CGNAT
        "https://224.0.0.1/",
        "https://[ff02::1]/",
        "https://0.0.0.0/",
        "https://[::]/",
        "https://255.255.255.255/",
        "https://240.0.0.1/",
        "https://100.64.0.1/",
        // IPv6 that embeds a private IPv4 (NAT64, 6to4)
        "https://[64:ff9b::a00:1]/",
        "https://[2002:c0a8:101::1]/",
        // numeric hosts in non-standard forms
        "https://2130706433/",
        "https://0x7f000001/",
        "https://0177.0.0.1/",
        "https://127.1/",
        // does not resolve
        "https://nowhere.invalid/"
      })
  void shouldRefuseEveryUnsafeUrlWith422OnUrl(String url) {
    assertThatThrownBy(() -> production.checkSubscriptionUrl(url))
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> {
              assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.UNPROCESSABLE);
              assertThat(e.refusal().code()).isEqualTo("url-not-allowed");
              assertThat(e.refusal().field()).isEqualTo("url");
            });
  }

  @Test
  void shouldRefuseAnOverlongUrl() {
    String url = "https://hooks.partner.com/" + "a".repeat(EndpointPolicy.MAX_URL_LENGTH);
    assertThatThrownBy(() -> production.checkSubscriptionUrl(url))
        .isInstanceOf(RefusedException.class)
        .hasMessageContaining("absolute");
  }

  @Test
  void shouldAnswer400WhenUrlIsMissing() {
    assertThatThrownBy(() -> production.checkSubscriptionUrl(" "))
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.BAD_REQUEST));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://127.0.0.1:9000/hooks",
        "http://localhost:1234/",
        "http://[::1]:8080/",
        "https://127.0.0.1:8443/"
      })
  void shouldAdmitLoopbackReceiversOnlyWhenLocalRunsAllowThem(String url) {
    assertThat(local.checkSubscriptionUrl(url)).isNotNull();
    assertThatThrownBy(() -> production.checkSubscriptionUrl(url))
        .isInstanceOf(RefusedException.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://hooks.partner.com/",
        "http://10.0.0.1/",
        "http://169.254.169.254/",
        "https://192.168.0.1/",
        "http://user:pw@127.0.0.1/"
      })
  void shouldAdmitNothingElseInLocalRuns(String url) {
    assertThatThrownBy(() -> local.checkSubscriptionUrl(url)).isInstanceOf(RefusedException.class);
  }

  @Test
  void shouldPinTheCheckedAddressAndRefuseARebindingAnswer() throws Exception {
    // given a host that resolved to a public address when subscribing
    assertThat(production.checkSubscriptionUrl("https://hooks.partner.com/")).isNotNull();

    // when, at delivery time, it resolves to the metadata service
    List<InetAddress> rebound = List.of(InetAddress.getByName("169.254.169.254"));

    // then the connection is refused, and a public answer is pinned as is
    assertThatThrownBy(() -> production.pin(true, "hooks.partner.com", rebound))
        .isInstanceOf(EndpointRefusedException.class)
        .hasMessageContaining("link-local");
    InetAddress publicAddress = InetAddress.getByName("93.184.215.14");
    assertThat(production.pin(true, "hooks.partner.com", List.of(publicAddress)))
        .isEqualTo(publicAddress);
  }

  @Test
  void shouldRefuseAtConnectTimeAStoredUrlThatIsNoLongerAllowed() {
    // e.g. stored while local runs admitted loopback, then the setting went off
    assertThatThrownBy(
            () -> production.checkBeforeConnect(java.net.URI.create("http://127.0.0.1:9/")))
        .isInstanceOf(EndpointRefusedException.class);
    assertThatThrownBy(
            () -> production.checkBeforeConnect(java.net.URI.create("https://10.0.0.7/")))
        .isInstanceOf(EndpointRefusedException.class);
  }
}
