package io.equitoken.platform.web.input;

import java.time.Instant;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Every {@link Instant} of every request body obeys {@link TimestampRule}, read as Jackson reads it
 * otherwise. A breach is a Jackson format error with the field's path, so the problem mapping
 * answers 400 naming the field.
 */
public final class TimestampRuleInstantDeserializer extends StdScalarDeserializer<Instant> {

  public TimestampRuleInstantDeserializer() {
    super(Instant.class);
  }

  /** The module a service's JSON mapper gets (platform-web registers it as a bean). */
  public static SimpleModule module() {
    SimpleModule module = new SimpleModule("equitoken-timestamp-rule");
    module.addDeserializer(Instant.class, new TimestampRuleInstantDeserializer());
    return module;
  }

  @Override
  public Instant deserialize(JsonParser parser, DeserializationContext context) {
    Instant value = InstantDeserializer.INSTANT.deserialize(parser, context);
    if (value != null) {
      String violation = TimestampRule.violation(value);
      if (violation != null) {
        throw context.weirdStringException(value.toString(), Instant.class, violation);
      }
    }
    return value;
  }
}
