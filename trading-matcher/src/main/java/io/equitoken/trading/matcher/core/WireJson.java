package io.equitoken.trading.matcher.core;

import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON of the matcher's events and snapshots: components in declaration order, decimals plain
 * ({@code 100}, {@code 0.0000001}, never {@code 1E+2}), nulls written, instants as ISO 8601
 * strings.
 */
public final class WireJson {

  /** Thread-safe; shared by the event writer and the snapshot codec. */
  public static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
          .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
          .build();

  private WireJson() {}

  /** The event's data as it goes on the wire. */
  public static String write(TradingEvent event) {
    return MAPPER.writeValueAsString(event);
  }

  /** The event's data as it goes on the wire, as UTF-8 bytes. */
  public static byte[] writeBytes(TradingEvent event) {
    return MAPPER.writeValueAsBytes(event);
  }
}
