package io.equitoken.platform.web;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * JSON types are part of the contract: {@code "supply": "100"}, {@code "name": 42}, {@code "limit":
 * 10.5}, {@code "limit": ""} or {@code "eventTypes": "a"} (a scalar where an array belongs) is a
 * wrong type and answers {@code 400 validation-failed} naming the member, instead of being quietly
 * converted. The platform default: {@link EquitokenWebAutoConfiguration} imports it for every
 * service.
 */
@Configuration(proxyBeanMethods = false)
public class StrictJsonTypes {

  @Bean
  JsonMapperBuilderCustomizer strictScalarTypes() {
    return StrictJsonTypes::strict;
  }

  /**
   * The same rules on a mapper a service builds itself (e.g. for a multipart JSON part), so that it
   * reads JSON exactly like the request bodies.
   */
  public static JsonMapper.Builder strict(JsonMapper.Builder builder) {
    return builder
        .withCoercionConfig(
            LogicalType.Textual,
            c ->
                c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        .withCoercionConfig(
            LogicalType.Integer,
            c ->
                c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        .withCoercionConfig(
            LogicalType.Float,
            c ->
                c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        .withCoercionConfig(
            LogicalType.Boolean,
            c ->
                c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
        .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
  }
}
