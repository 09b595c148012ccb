package io.equitoken.listings.kernel;

import java.util.UUID;

/** Port: new identifiers for listings, tokens and compartments. */
public interface Ids {

  String newId();

  static Ids random() {
    return () -> UUID.randomUUID().toString();
  }
}
