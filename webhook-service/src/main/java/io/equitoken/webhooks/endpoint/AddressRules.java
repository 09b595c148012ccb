package io.equitoken.webhooks.endpoint;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Which IP addresses a webhook may never be sent to: anything that is not a public unicast address
 * — loopback, private (RFC 1918, fc00::/7), link-local (169.254.0.0/16 with the cloud metadata
 * service, fe80::/10), multicast, unspecified, carrier-grade NAT, reserved and documentation
 * ranges, and IPv6 forms that embed one of those IPv4 addresses (IPv4-mapped, IPv4-compatible,
 * NAT64, 6to4).
 */
public final class AddressRules {

  private AddressRules() {}

  /** Why the address is forbidden, or empty if it is a public unicast address. */
  public static Optional<String> forbidden(InetAddress address) {
    if (address instanceof Inet4Address v4) {
      return forbiddenV4(v4.getAddress());
    }
    byte[] b = address.getAddress();
    if (address.isAnyLocalAddress()) {
      return Optional.of("the unspecified address");
    }
    if (address.isLoopbackAddress()) {
      return Optional.of("a loopback address");
    }
    if (address.isLinkLocalAddress() || ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80)) {
      return Optional.of("a link-local address");
    }
    if (address.isMulticastAddress()) {
      return Optional.of("a multicast address");
    }
    if ((b[0] & 0xfe) == 0xfc) {
      return Optional.of("a unique local (private) address");
    }
    if (address.isSiteLocalAddress()) {
      return Optional.of("a site-local (private) address");
    }
    if (allZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
      return embedded(b, 12, "IPv4-mapped");
    }
    if (allZero(b, 0, 12)) {
      return embedded(b, 12, "IPv4-compatible");
    }
    if ((b[0] & 0xff) == 0x00
        && (b[1] & 0xff) == 0x64
        && (b[2] & 0xff) == 0xff
        && (b[3] & 0xff) == 0x9b) {
      return embedded(b, 12, "NAT64");
    }
    if ((b[0] & 0xff) == 0x20 && (b[1] & 0xff) == 0x02) {
      return embedded(b, 2, "6to4");
    }
    if ((b[0] & 0xff) == 0x20
        && (b[1] & 0xff) == 0x01
        && (b[2] & 0xff) == 0x0d
        && (b[3] & 0xff) == 0xb8) {
      return Optional.of("a documentation address");
    }
    return Optional.empty();
  }

  private static Optional<String> embedded(byte[] v6, int from, String form) {
    byte[] v4 = Arrays.copyOfRange(v6, from, from + 4);
    return forbiddenV4(v4).map(reason -> reason + " in " + form + " form");
  }

  private static Optional<String> forbiddenV4(byte[] a) {
    int o0 = a[0] & 0xff;
    int o1 = a[1] & 0xff;
    int o2 = a[2] & 0xff;
    if (o0 == 0) {
      return Optional.of("the unspecified address (0.0.0.0/8)");
    }
    if (o0 == 127) {
      return Optional.of("a loopback address");
    }
    if (o0 == 10 || (o0 == 172 && (o1 & 0xf0) == 16) || (o0 == 192 && o1 == 168)) {
      return Optional.of("a private address");
    }
    if (o0 == 169 && o1 == 254) {
      return Optional.of("a link-local address");
    }
    if (o0 == 100 && (o1 & 0xc0) == 64) {
      return Optional.of("a carrier-grade NAT address");
    }
    if (o0 >= 224 && o0 <= 239) {
      return Optional.of("a multicast address");
    }
    if (o0 >= 240) {
      return Optional.of("a reserved or broadcast address");
    }
    if ((o0 == 192 && o1 == 0 && (o2 == 0 || o2 == 2))
        || (o0 == 198 && (o1 == 18 || o1 == 19))
        || (o0 == 198 && o1 == 51 && o2 == 100)
        || (o0 == 203 && o1 == 0 && o2 == 113)) {
      return Optional.of("a reserved, benchmarking or documentation address");
    }
    return Optional.empty();
  }

  private static boolean allZero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
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
