package io.equitoken.identity.apikey;

import java.util.List;

/** What listing keys led to: one page of keys, or a refusal. */
public sealed interface ListOutcome {

  /** {@code next} is the position to continue after, or null on the last page. */
  record Page(List<ApiKey> keys, KeyPosition next) implements ListOutcome {}

  record Rejected(Rejection rejection) implements ListOutcome {}
}
