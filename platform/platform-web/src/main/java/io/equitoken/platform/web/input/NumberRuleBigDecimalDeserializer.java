package io.equitoken.platform.web.input;

import java.math.BigDecimal;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.NumberDeserializers;
import tools.jackson.databind.module.SimpleModule;

/**
 * Every {@link BigDecimal} of every request body obeys {@link NumberRule}. A breach is a Jackson
 * format error with the field's path, so the problem mapping answers 400 naming the field.
 */
public final class NumberRuleBigDecimalDeserializer
    extends NumberDeserializers.BigDecimalDeserializer {

  /** The module a service's JSON mapper gets (platform-web registers it as a bean). */
  public static SimpleModule module() {
    SimpleModule module = new SimpleModule("equitoken-number-rule");
    module.addDeserializer(BigDecimal.class, new NumberRuleBigDecimalDeserializer());
    return module;
  }

  @Override
  public BigDecimal deserialize(JsonParser parser, DeserializationContext context) {
    BigDecimal value = super.deserialize(parser, context);
    if (value != null) {
      String violation = NumberRule.violation(value);
      if (violation != null) {
        throw context.weirdNumberException(value, BigDecimal.class, violation);
      }
    }
    return value;
  }
}
