package io.equitoken.webhooks.endpoint;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which IP addresses a webhook may never be sent to: anything that is not a public unicast address.
 * The rule is the IANA special-purpose address registries (IPv4 and IPv6, every entry, whether
 * globally reachable or not: no webhook receiver lives in an anycast relay, a protocol assignment
 * or a documentation range), plus IPv4 multicast and the reserved {@code 240.0.0.0/4}, and, for
 * IPv6, everything outside global unicast {@code 2000::/3}. Forms that carry an IPv4 address
 * (IPv4-mapped, NAT64 {@code 64:ff9b::/96}, 6to4 {@code 2002::/16}) are judged by the address they
 * carry; Teredo ({@code 2001::/32}, inside the IETF protocol assignments {@code 2001::/23}) is
 * refused whole.
 */
public final class AddressRules {

  private AddressRules() {}

  /**
   * One registry entry: a prefix and why it is refused; {@code embeddedAt} >= 0 means the prefix
   * carries an IPv4 address at that byte offset, which is judged instead.
   */
  record Range(byte[] prefix, int bits, String reason, int embeddedAt) {

    static Range of(String cidr, String reason) {
      return of(cidr, reason, -1);
    }

    static Range of(String cidr, String reason, int embeddedAt) {
      int slash = cidr.indexOf('/');
      String host = cidr.substring(0, slash);
      try {
        byte[] address = InetAddress.getByName(host).getAddress();
        if (host.indexOf(':') >= 0 && address.length == 4) {
          // Java turns an IPv4-mapped literal into an IPv4 address; the prefix is IPv6
          byte[] mapped = new byte[16];
          mapped[10] = (byte) 0xff;
          mapped[11] = (byte) 0xff;
          System.arraycopy(address, 0, mapped, 12, 4);
          address = mapped;
        }
        return new Range(address, Integer.parseInt(cidr.substring(slash + 1)), reason, embeddedAt);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException(cidr, e);
      }
    }

    boolean contains(byte[] address) {
      if (address.length != prefix.length) {
        return false;
      }
      int whole = bits / 8;
      for (int i = 0; i < whole; i++) {
        if (address[i] != prefix[i]) {
          return false;
        }
      }
      int rest = bits % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xff << (8 - rest)) & 0xff;
      return (address[whole] & mask) == (prefix[whole] & mask);
    }
  }

  /**
   * IANA IPv4 Special-Purpose Address Registry (every entry), IPv4 multicast and the reserved
   * {@code 240.0.0.0/4} (which holds the limited broadcast address).
   */
  static final List<Range> IPV4 =
      List.of(
          Range.of("0.0.0.0/8", "the unspecified address (\"this network\", 0.0.0.0/8)"),
          Range.of("10.0.0.0/8", "a private address"),
          Range.of("100.64.0.0/10", "a carrier-grade NAT address"),
          Range.of("127.0.0.0/8", "a loopback address"),
          Range.of("169.254.0.0/16", "a link-local address"),
          Range.of("172.16.0.0/12", "a private address"),
          Range.of("192.0.0.0/24", "an IETF protocol assignment"),
          Range.of("192.0.2.0/24", "a documentation address"),
          Range.of("192.31.196.0/24", "an AS112 anycast address"),
          Range.of("192.52.193.0/24", "an AMT anycast address"),
          Range.of("192.88.99.0/24", "a 6to4 relay anycast address"),
          Range.of("192.168.0.0/16", "a private address"),
          Range.of("192.175.48.0/24", "an AS112 anycast address"),
          Range.of("198.18.0.0/15", "a benchmarking address"),
          Range.of("198.51.100.0/24", "a documentation address"),
          Range.of("203.0.113.0/24", "a documentation address"),
          Range.of("224.0.0.0/4", "a multicast address"),
          Range.of("240.0.0.0/4", "a reserved or broadcast address"));

  /**
   * IANA IPv6 Special-Purpose Address Registry (every entry) and the unicast ranges outside {@code
   * 2000::/3} that the address architecture names; anything else outside {@code 2000::/3} is
   * refused as not global unicast. The forms carrying IPv4 come first.
   */
  static final List<Range> IPV6 =
      List.of(
          Range.of("::ffff:0:0/96", "IPv4-mapped", 12),
          Range.of("64:ff9b::/96", "NAT64", 12),
          Range.of("2002::/16", "6to4", 2),
          Range.of("::/128", "the unspecified address"),
          Range.of("::1/128", "a loopback address"),
          Range.of("::ffff:0:0:0/96", "an IPv4-translated address"),
          Range.of("::/96", "an IPv4-compatible address"),
          Range.of("64:ff9b:1::/48", "a local-use IPv4/IPv6 translation address"),
          Range.of("100::/64", "a discard-only address"),
          Range.of("100:0:0:1::/64", "a dummy IPv6 prefix address"),
          Range.of("2001::/32", "a Teredo address"),
          Range.of("2001::/23", "an IETF protocol assignment"),
          Range.of("2001:db8::/32", "a documentation address"),
          Range.of("2620:4f:8000::/48", "an AS112 anycast address"),
          Range.of("3fff::/20", "a documentation address"),
          Range.of("5f00::/16", "a segment routing (SRv6) address"),
          Range.of("fc00::/7", "a unique local (private) address"),
          Range.of("fe80::/10", "a link-local address"),
          Range.of("fec0::/10", "a site-local (private) address"),
          Range.of("ff00::/8", "a multicast address"));

  private static final Range GLOBAL_UNICAST_V6 = Range.of("2000::/3", "global unicast");

  /** Why the address is forbidden, or empty if it is a public unicast address. */
  public static Optional<String> forbidden(InetAddress address) {
    byte[] b = address.getAddress();
    if (address instanceof Inet4Address) {
      return forbiddenV4(b);
    }
    for (Range range : IPV6) {
      if (range.contains(b)) {
        if (range.embeddedAt() >= 0) {
          byte[] v4 = Arrays.copyOfRange(b, range.embeddedAt(), range.embeddedAt() + 4);
          return forbiddenV4(v4).map(reason -> reason + " in " + range.reason() + " form");
        }
        return Optional.of(range.reason());
      }
    }
    if (!GLOBAL_UNICAST_V6.contains(b)) {
      return Optional.of("an address outside IPv6 global unicast (2000::/3)");
    }
    return Optional.empty();
  }

  private static Optional<String> forbiddenV4(byte[] a) {
    for (Range range : IPV4) {
      if (range.contains(a)) {
        return Optional.of(range.reason());
      }
    }
    return Optional.empty();
  }

  /** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
  public static boolean isLoopback(InetAddress address) {
    return address.isLoopbackAddress();
  }

  /** An IP literal as an address, without any DNS lookup; empty for a host name. */
  public static Optional<InetAddress> literal(String host) {
    String h =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    boolean v6 = h.indexOf(':') >= 0;
    boolean v4 = h.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    if (!v6 && !v4) {
      return Optional.empty();
    }
    try {
      return Optional.of(InetAddress.getByName(h));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }
}
