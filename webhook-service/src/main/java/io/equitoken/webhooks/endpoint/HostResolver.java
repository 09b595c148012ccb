package io.equitoken.webhooks.endpoint;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Resolves a host name to its addresses (DNS in production; scripted in tests). Blocking. */
@FunctionalInterface
public interface HostResolver {

  List<InetAddress> resolve(String host) throws UnknownHostException;

  static HostResolver system() {
    return host -> List.of(InetAddress.getAllByName(host));
  }
}
