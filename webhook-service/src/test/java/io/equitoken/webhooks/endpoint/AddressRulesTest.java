package io.equitoken.webhooks.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SSRF address rule against the IANA IPv4 and IPv6 special-purpose address registries: one row
 * per registry entry (and the IPv6 forms that carry an IPv4 address), each with the reason given.
 */
class AddressRulesTest {

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // IPv4 special-purpose registry
        "0.0.0.0            | unspecified",
        "0.1.2.3            | unspecified",
        "10.0.0.1           | private",
        "100.64.0.1         | carrier-grade NAT",
        "100.127.255.254    | carrier-grade NAT",
        "127.0.0.1          | loopback",
        "127.255.255.254    | loopback",
        "169.254.169.254    | link-local",
        "172.16.0.1         | private",
        "172.31.255.254     | private",
        "192.0.0.8          | IETF protocol assignment",
        "192.0.0.170        | IETF protocol assignment",
        "192.0.2.1          | documentation",
        "192.31.196.1       | AS112",
        "192.52.193.1       | AMT",
        "192.88.99.1        | 6to4 relay anycast",
        "192.168.1.1        | private",
        "192.175.48.1       | AS112",
        "198.18.0.1         | benchmarking",
        "198.19.255.254     | benchmarking",
        "198.51.100.1       | documentation",
        "203.0.113.1        | documentation",
        "224.0.0.1          | multicast",
        "239.255.255.250    | multicast",
        "240.0.0.1          | reserved",
        "255.255.255.255    | broadcast",
        // IPv6 special-purpose registry
        "::                 | unspecified",
        "::1                | loopback",
        "::ffff:0:a00:1     | IPv4-translated",
        "::ffff:0:10.0.0.1  | IPv4-translated",
        "::10.0.0.1         | IPv4-compatible",
        "::8.8.8.8          | IPv4-compatible",
        "64:ff9b::10.0.0.1  | private address in NAT64 form",
        "64:ff9b::127.0.0.1 | loopback address in NAT64 form",
        "64:ff9b:1::1       | local-use IPv4/IPv6 translation",
        "100::1             | discard-only",
        "100::ffff:ffff:ffff:ffff | discard-only",
        "100:0:0:1::1       | dummy IPv6 prefix",
        "2001::1            | Teredo",
        "2001:0:4136:e378:8000:63bf:f5ff:fffe | Teredo",
        "2001:2::1          | IETF protocol assignment",
        "2001:10::1         | IETF protocol assignment",
        "2001:db8::1        | documentation",
        "2002:0a00:0001::1  | private address in 6to4 form",
        "2002:c0a8:0101::1  | private address in 6to4 form",
        "2002:7f00:0001::1  | loopback address in 6to4 form",
        "2002:a9fe:a9fe::1  | link-local address in 6to4 form",
        "2620:4f:8000::1    | AS112",
        "3fff::1            | documentation",
        "5f00::1            | segment routing",
        "fc00::1            | unique local",
        "fd12:3456::1       | unique local",
        "fe80::1            | link-local",
        "febf::1            | link-local",
        "fec0::1            | site-local",
        "ff02::1            | multicast",
        "ff0e::1            | multicast",
        "4000::1            | outside IPv6 global unicast",
        "1::1               | outside IPv6 global unicast",
      })
  void shouldRefuseEverySpecialPurposeAddressSayingWhy(String address, String reason)
      throws UnknownHostException {
    assertThat(AddressRules.forbidden(InetAddress.getByName(address)))
        .hasValueSatisfying(why -> assertThat(why).contains(reason));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "8.8.8.8",
        "93.184.215.14",
        "1.1.1.1",
        "100.63.255.255",
        "100.128.0.0",
        "172.15.255.255",
        "172.32.0.0",
        "192.0.1.255",
        "192.88.98.255",
        "192.88.100.0",
        "198.17.255.255",
        "198.20.0.0",
        "223.255.255.254",
        "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
        "2a00:1450:4001:82a::200e",
        "64:ff9b::8.8.8.8",
        "2002:0808:0808::1",
        "2001:200::1",
        "2620:4f:7fff::1",
        "3ffe::1"
      })
  void shouldAdmitPublicUnicastAddresses(String address) throws UnknownHostException {
    assertThat(AddressRules.forbidden(InetAddress.getByName(address))).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"::ffff:10.0.0.1", "::ffff:127.0.0.1", "::ffff:169.254.169.254"})
  void shouldJudgeAnIpv4MappedAddressByTheAddressItCarries(String address)
      throws UnknownHostException {
    assertThat(AddressRules.forbidden(InetAddress.getByName(address))).isPresent();
  }
}
