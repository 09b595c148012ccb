package io.equitoken.identity.token;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a {@code POST /auth/token} came from, as far as failed secrets are counted: an IPv4 address
 * as it is, an IPv6 address by its /64 prefix (one subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would give one attacker 2^64 fresh counts). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
public record ClientAddress(String value) {

  /** The count of callers whose address is not known (no header, no socket address). */
  public static final ClientAddress UNKNOWN = new ClientAddress("unknown");

  private static final Pattern IPV4 =
      Pattern.compile(
          "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");

  /** Hex digits, colons and (for an embedded IPv4 tail) dots only: never a host name. */
  private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

  public ClientAddress {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("a client address has a value");
    }
  }

  /**
   * The address an IP literal names, or empty when the text is not one (a host name is never looked
   * up).
   */
  public static Optional<ClientAddress> parse(String literal) {
    if (literal == null) {
      return Optional.empty();
    }
    String text = literal.strip();
    if (!IPV4.matcher(text).matches()
        && !(text.indexOf(':') >= 0 && IPV6.matcher(text).matches())) {
      return Optional.empty();
    }
    try {
      // brackets make the JDK parse an IPv6 literal or fail, never resolve a name
      return Optional.of(
          of(InetAddress.getByName(text.indexOf(':') >= 0 ? "[" + text + "]" : text)));
    } catch (UnknownHostException notAnAddress) {
      return Optional.empty();
    }
  }

  /** The count an address belongs to; {@link #UNKNOWN} for none. */
  public static ClientAddress of(InetAddress address) {
    if (address == null) {
      return UNKNOWN;
    }
    if (address instanceof Inet4Address) {
      return new ClientAddress(address.getHostAddress());
    }
    byte[] bytes = address.getAddress();
    if (bytes.length != 16) {
      return UNKNOWN;
    }
    HexFormat hex = HexFormat.of();
    StringBuilder prefix = new StringBuilder();
    for (int i = 0; i < 8; i += 2) {
      prefix.append(hex.toHexDigits(bytes[i])).append(hex.toHexDigits(bytes[i + 1])).append(':');
    }
    return new ClientAddress(prefix.append(":/64").toString());
  }

  @Override
  public String toString() {
    return value;
  }
}
