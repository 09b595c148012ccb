package io.equitoken.identity.token;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

  @Test
  void shouldCountAnIpv4AddressAsItIs() {
    assertThat(ClientAddress.parse("203.0.113.7")).contains(new ClientAddress("203.0.113.7"));
    assertThat(ClientAddress.parse(" 10.0.0.1 ")).contains(new ClientAddress("10.0.0.1"));
  }

  @Test
  void shouldCountAnIpv6AddressByItsSlash64SoOneSubscriberIsOneAddress() {
    ClientAddress one = ClientAddress.parse("2001:db8:1:2::1").orElseThrow();
    ClientAddress sameSubnet = ClientAddress.parse("2001:0db8:0001:0002:ffff:0:0:9").orElseThrow();
    ClientAddress otherSubnet = ClientAddress.parse("2001:db8:1:3::1").orElseThrow();

    assertThat(one).isEqualTo(sameSubnet).isEqualTo(new ClientAddress("2001:0db8:0001:0002::/64"));
    assertThat(otherSubnet).isNotEqualTo(one);
  }

  @Test
  void shouldCountAnIpv4MappedIpv6AddressAsTheIpv4Address() {
    assertThat(ClientAddress.parse("::ffff:203.0.113.7"))
        .contains(new ClientAddress("203.0.113.7"));
  }

  @Test
  void shouldRefuseWhatIsNotAnIpLiteralWithoutLookingItUp() {
    for (String notAnAddress :
        new String[] {
          null,
          "",
          "localhost",
          "example.com",
          "face",
          "256.1.1.1",
          "01.2.3.4",
          "1.2.3",
          "1.2.3.4, 5.6.7.8",
          "fe80::1%eth0",
          "2001:db8::zz",
          "2001:db8:::1",
          "[::1]",
          "1.2.3.4\r\nX: y",
          "a".repeat(1000)
        }) {
      assertThat(ClientAddress.parse(notAnAddress)).as(String.valueOf(notAnAddress)).isEmpty();
    }
  }

  @Test
  void shouldCountASocketAddressLikeTheSameHeaderValue() throws Exception {
    assertThat(ClientAddress.of(InetAddress.getByName("127.0.0.1")))
        .isEqualTo(ClientAddress.parse("127.0.0.1").orElseThrow());
    assertThat(ClientAddress.of(InetAddress.getByName("::1")))
        .isEqualTo(ClientAddress.parse("0:0:0:0:0:0:0:1").orElseThrow());
    assertThat(ClientAddress.of(null)).isEqualTo(ClientAddress.UNKNOWN);
  }
}
