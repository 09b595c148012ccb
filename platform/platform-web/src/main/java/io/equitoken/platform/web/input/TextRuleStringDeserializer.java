package io.equitoken.platform.web.input;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Every JSON string value of every request body obeys {@link TextRule} (newlines and tabs allowed;
 * fields that must be one line say so in their own validation). A breach is a Jackson format error
 * with the field's path, so the problem mapping answers 400 naming the field.
 */
public final class TextRuleStringDeserializer extends StringDeserializer {

  /** The module a service's JSON mapper gets (platform-web registers it as a bean). */
  public static SimpleModule module() {
    SimpleModule module = new SimpleModule("equitoken-text-rule");
    module.addDeserializer(String.class, new TextRuleStringDeserializer());
    return module;
  }

  @Override
  public String deserialize(JsonParser parser, DeserializationContext context) {
    String value = super.deserialize(parser, context);
    if (value != null) {
      String violation = TextRule.violation(value, true);
      if (violation != null) {
        throw context.weirdStringException(value, String.class, violation);
      }
    }
    return value;
  }
}
